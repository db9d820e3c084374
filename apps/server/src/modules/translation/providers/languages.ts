import type { TranslateLanguage } from '@cst/shared';

const list = (pairs: string): TranslateLanguage[] =>
  pairs
    .trim()
    .split('\n')
    .map((line) => {
      const [code, name] = line.split('|');
      return { code: code!.trim(), name: name!.trim() };
    });

/** Tencent TMT's TextTranslate languages (about 20). */
export const TENCENT_LANGUAGES = list(`
zh|简体中文
zh-TW|繁體中文
en|English
ja|日本語
ko|한국어
fr|Français
es|Español
it|Italiano
de|Deutsch
tr|Türkçe
ru|Русский
pt|Português
vi|Tiếng Việt
id|Bahasa Indonesia
th|ไทย
ms|Bahasa Melayu
ar|العربية
hi|हिन्दी
`);

/** Baidu fanyi's common languages, in its own codes (`jp`, `kor`, `fra`…; 30-odd). */
export const BAIDU_LANGUAGES = list(`
zh|简体中文
cht|繁體中文
yue|粤语
wyw|文言文
en|English
jp|日本語
kor|한국어
fra|Français
spa|Español
th|ไทย
ara|العربية
ru|Русский
pt|Português
de|Deutsch
it|Italiano
el|Ελληνικά
nl|Nederlands
pl|Polski
bul|Български
est|Eesti
dan|Dansk
fin|Suomi
cs|Čeština
rom|Română
slo|Slovenščina
swe|Svenska
hu|Magyar
vie|Tiếng Việt
id|Bahasa Indonesia
may|Bahasa Melayu
tr|Türkçe
hi|हिन्दी
`);

/** Youdao's text translation languages, in its own codes (`zh-CHS`, `zh-CHT`…; 100+). */
export const YOUDAO_LANGUAGES = list(`
zh-CHS|简体中文
zh-CHT|繁體中文
en|English
ja|日本語
ko|한국어
fr|Français
es|Español
pt|Português
it|Italiano
ru|Русский
vi|Tiếng Việt
de|Deutsch
ar|العربية
id|Bahasa Indonesia
af|Afrikaans
bs|Bosanski
bg|Български
yue|粤语
ca|Català
hr|Hrvatski
cs|Čeština
da|Dansk
nl|Nederlands
et|Eesti
fj|Vosa Vakaviti
fi|Suomi
el|Ελληνικά
ht|Kreyòl ayisyen
he|עברית
hi|हिन्दी
mww|Hmoob Daw
hu|Magyar
sw|Kiswahili
tlh|tlhIngan Hol
lv|Latviešu
lt|Lietuvių
ms|Bahasa Melayu
mt|Malti
no|Norsk
fa|فارسی
pl|Polski
otq|Hñähñu
ro|Română
sr-Cyrl|Српски
sr-Latn|Srpski
sk|Slovenčina
sl|Slovenščina
sv|Svenska
ty|Reo Tahiti
th|ไทย
to|Lea faka-Tonga
tr|Türkçe
uk|Українська
ur|اردو
cy|Cymraeg
yua|Maaya T'aan
sq|Shqip
am|አማርኛ
hy|Հայերեն
az|Azərbaycan
bn|বাংলা
eu|Euskara
be|Беларуская
ceb|Cebuano
co|Corsu
eo|Esperanto
tl|Filipino
fy|Frysk
gl|Galego
ka|ქართული
gu|ગુજરાતી
ha|Hausa
haw|ʻŌlelo Hawaiʻi
is|Íslenska
ig|Igbo
ga|Gaeilge
jw|Basa Jawa
kn|ಕನ್ನಡ
kk|Қазақ
km|ខ្មែរ
ku|Kurdî
ky|Кыргызча
lo|ລາວ
la|Latina
lb|Lëtzebuergesch
mk|Македонски
mg|Malagasy
ml|മലയാളം
mi|Māori
mr|मराठी
mn|Монгол
my|မြန်မာ
ne|नेपाली
ny|Chichewa
ps|پښتو
pa|ਪੰਜਾਬੀ
sm|Gagana Samoa
gd|Gàidhlig
st|Sesotho
sn|chiShona
sd|سنڌي
si|සිංහල
so|Soomaali
su|Basa Sunda
tg|Тоҷикӣ
ta|தமிழ்
te|తెలుగు
uz|Oʻzbek
xh|isiXhosa
yi|ייִדיש
yo|Yorùbá
zu|isiZulu
`);

/**
 * The languages offered with a general language model (it speaks anything; these are the 100+
 * it is asked for by name). ISO 639-1 codes, names as their speakers write them.
 */
export const MODEL_LANGUAGES = list(`
zh|简体中文
zh-TW|繁體中文
yue|粤语
en|English
ja|日本語
ko|한국어
fr|Français
es|Español
pt|Português
it|Italiano
ru|Русский
de|Deutsch
vi|Tiếng Việt
th|ไทย
id|Bahasa Indonesia
ms|Bahasa Melayu
tl|Filipino
ar|العربية
hi|हिन्दी
bn|বাংলা
ur|اردو
fa|فارسی
tr|Türkçe
he|עברית
el|Ελληνικά
nl|Nederlands
pl|Polski
uk|Українська
cs|Čeština
sk|Slovenčina
sl|Slovenščina
hr|Hrvatski
sr|Српски
bs|Bosanski
bg|Български
mk|Македонски
ro|Română
hu|Magyar
sv|Svenska
no|Norsk
da|Dansk
fi|Suomi
is|Íslenska
et|Eesti
lv|Latviešu
lt|Lietuvių
ga|Gaeilge
cy|Cymraeg
gd|Gàidhlig
eu|Euskara
ca|Català
gl|Galego
mt|Malti
sq|Shqip
hy|Հայերեն
ka|ქართული
az|Azərbaycan
kk|Қазақ
ky|Кыргызча
uz|Oʻzbek
tg|Тоҷикӣ
tk|Türkmen
mn|Монгол
ps|پښتو
ku|Kurdî
ne|नेपाली
si|සිංහල
ta|தமிழ்
te|తెలుగు
kn|ಕನ್ನಡ
ml|മലയാളം
mr|मराठी
gu|ગુજરાતી
pa|ਪੰਜਾਬੀ
or|ଓଡ଼ିଆ
as|অসমীয়া
my|မြန်မာ
km|ខ្មែរ
lo|ລາວ
jv|Basa Jawa
su|Basa Sunda
ceb|Cebuano
mg|Malagasy
sw|Kiswahili
am|አማርኛ
so|Soomaali
ha|Hausa
yo|Yorùbá
ig|Igbo
zu|isiZulu
xh|isiXhosa
af|Afrikaans
st|Sesotho
sn|chiShona
ny|Chichewa
rw|Kinyarwanda
mi|Māori
sm|Gagana Samoa
haw|ʻŌlelo Hawaiʻi
ht|Kreyòl ayisyen
la|Latina
eo|Esperanto
lb|Lëtzebuergesch
fy|Frysk
co|Corsu
yi|ייִדיש
be|Беларуская
ug|ئۇيغۇرچە
bo|བོད་ཡིག
`);
