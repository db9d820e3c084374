// The seats module's front door: the seats below a seat.
export { subtreeIds } from './seats.repository.ts';
