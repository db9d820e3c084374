/** What the sign-in pages start ahead of the signed-in console (given by app/boot.ts). */
export interface SignInWarmup {
  /** The visitor is about to sign in (the password field got focus): fetch the console's code. */
  intent(): void;
  /** The session has just been stored: ask for the first screen's data beside its code. */
  signedIn(): void;
}

let current: SignInWarmup = { intent() {}, signedIn() {} };

/** Sets what {@link signInWarmup} runs (the app's boot module does, at start). */
export function setSignInWarmup(w: SignInWarmup): void {
  current = w;
}

/** Called by the sign-in pages; does nothing until the app has set it. */
export const signInWarmup: SignInWarmup = {
  intent: () => current.intent(),
  signedIn: () => current.signedIn(),
};
