"""Requests to the memory read by the shape of their clause, where `requests` finds no phrasing
it knows.

A request not to keep something has two parts, each said in many ways: a directive to the
memory, and what it is about. The directive is a verb of doing away with ("erase that",
"strike it", "chuck it out eh", "bórralo", "bhool ja") or a verb of keeping that is negated
("dinnae keep haud o that", "I'd ask that you not retain that", "I'd rather that wasn't kept
anywhere", "can you not remember it?", "no keep am for your memory"), said as a request: no
subject of its own but "you", so "I keep forgetting", "she'd kill me", "I don't remember" and
"don't forget to call" are none. What it is about is its own object ("strike the bit about my
plumbing issue"), else the phrase the sentence set before it ("Re: Hollis item from Tues -
strike it"; "That matter of the money I'm owing my cousin, no keep am ..."), else what the
sentence before it says was told ("I regret telling you about that night shift palaver. Can
you not remember it?").

A message may also ask, before it tells, that it not be kept ("not for the file, pls: ...",
"esto entre nos nomás, no lo apuntes: ...", "yarn for your ears only eh, don't go storing this
one"): `keeps_back` reads those, and `holds_next` the ones said alone, about the next message.
`points_back` reads a message that only asks to unsay the one before ("Strike that from the
record, please."), and `weekday_told` the day a request says its topic was told on ("from Tues").
"""

from __future__ import annotations

import re

from .request_words import _TOLD_AS, _WEAK, topic_words
from .text import WEEKDAY_SHORT, WEEKDAYS, undialected

# verbs of doing away with what was said, as a request says them (with the languages users mix in);
# those of memory ("forget", "erase", "oublie") ask it of what they name, those also done to
# things ("wipe", "strike", "chuck") only of what was told ("the job I put in for - wipe it")
_OF_MEMORY = frozenset(
    "forget erase delete disregard unlearn unremember unsee expunge purge oublie oubliez efface effacez supprime "
    "olvida olvídate olvidate borra borre borralo bórralo olvídalo apaga esquece esqueça vergiss vergeet lösch "
    "lösche dimentica cancella lupakan lupain hapus sahau futa bliye kalimutan kalimutin burahin pakiburahin".split())
_OF_THINGS = frozenset("wipe strike scratch discard scrap scrub bin ditch chuck toss dump shred nuke drop remove clear "
                       "lose".split())
# ... with a particle ("chuck it out", "throw that away", "get rid of it", "let it go", "bhool ja")
_PARTICLE = re.compile(r"\b(?:chuck|throw|toss|cross|rub|blot|take|cut|leave)\s+(?:it|that|this)\s+(?:out|away|off)\b|"
                       r"\bget\s+rid\s+of\b|\blet\s+(?:it|that|this|them)\s+go\b|\blet go of\b|\bbh[uo]o?l\s+ja(?:o|na)?\b|"
                       r"\b(?:mita|hata)\s+do\b|\bdelete kar\s*(?:do|dena|dijiye)\b", re.IGNORECASE)
# verbs of keeping: a request when negated ("not retain", "dinnae keep haud o", "no lo guardes")
_RETAIN = frozenset(
    "keep kept keeping retain retained retaining remember remembered store stored storing save saved saving record "
    "recorded hold hang note noted log logged file filed track jot preserve preserved commit carry "
    "write written guarda guardes guardar guárdalo apuntes apunta anotes anota garde gardes gardez retiens mémorise "
    "mémoriser behalte speichern abspeichern speicher onthou tenerlo tenere salvare simpan disimpan diingat ingat "
    "itatago itago rakh rakhna karna".split())
# a verb of keeping negated in one word: Swahili "usihifadhi" (don't keep)
_NOT_KEPT = frozenset("usihifadhi usikumbuke usiandike".split())
# negations that ask ("don't keep", "I'd ask that you not retain", "no lo guardes", "moenie dit onthou nie")
_ASKING_NOT = frozenset("don't dont dinnae dinna no not never mat nicht moenie jangan wag huwag ne non didn't didnt refrain "
                         "none".split())
# what may stand between the negation and the verb ("don't need to remember", "no lo guardes", "ne le mémorise pas")
_BETWEEN = frozenset("need to go be have you u lo la le it dit mo nang na bitte please pls ever even really just gonna "
                     "gotta ya me from of what should".split())
_ASKED = re.compile(r"\b(?:ask(?:ing)?(?: that)? (?:you|u)|(?:can|could|would|will) (?:you|u)|(?:you|u) (?:can|could|should|need to|must|"
                    r"may|have to)|rather (?:you|u)|(?:want|like|need) (?:you|u) to|if (?:you|u) would|so good as to|make (?:you|u)|"
                    r"(?:can|could|shall) we|let'?s)\b", re.IGNORECASE)
# a subject: a verb said after it is a statement ("I keep forgetting", "I don't remember", "she'd kill me")
_SUBJECT = frozenset("i i'm i've i'll i'd we we're we'll he he's he'll she she's she'll they they're they'll people "
                     "nobody anyone someone everyone everybody somebody mum dad".split())
# ... and what, right before a verb of doing away with, makes it no request ("I always forget",
# "in case I forget", "never lets me forget it", "don't forget")
_NOT_ASKING = _SUBJECT | frozenset("will gonna might may always often usually sometimes ever keep kept let lets before case "
                                   "can't couldn't won't did does didn't doesn't me him her them us it could would should "
                                   "can to don't dont never not no you u ya ye we".split())
# an auxiliary that makes a negation a statement ("it does not keep", "he did not remember")
_STATED = frozenset("does did is was has had are were".split())
# words of talk a request may open with, capitalised or not ("Yo wipe ...", "Tolong hapus ...")
_TALK = frozenset("please pls plz kindly just also and so oh now then bro mate yeah nah aye ok okay actually simply yo hey "
                  "abeg bitte yaar bhai tolong tafadhali pakisuyo por favor oi right look listen sorry oof".split())
# a sentence with one of these is a clause, not a phrase naming a thing ("her health is nobody's business")
_NOT_A_FRAGMENT = _SUBJECT | frozenset("you it it's that's is was are were has have had do does did am been be "
                                       "can could will would should".split())
# what points back, or ahead, as a directive's object
_POINTER = frozenset("it that this them those these am one ça ca cela eso esto lo la isso isto das dies dit wala wali yun "
                     "iyon yan ito dat dis hii hiyo woh isko yang sab".split())
# where a memory is kept: a verb said of it is said of the memory ("drop it from memory", "strike that from the record")
_MEMORY_PLACE = re.compile(r"\b(?:from|in|into|out of|off|for|to|on)\s+(?:your|ur|yuh|ya|the|my)?\s*(?:memory|memories|memoria|"
                           r"mémoire|notes?|records?|files?|head|brain|mind|system|database|book)\b|\bcommit (?:it|that|this) to memory\b|"
                           r"\bcarry (?:that|it|this) forward\b|\b(?:saved|kept|stored|written down) anywhere\b", re.IGNORECASE)
# the start of a phrase that names a thing (in the languages users mix in too: "mon histoire de ...")
_NAMES_A_THING = re.compile(r"(?:the|that|this|those|these|my|our|his|her|their|what|whit|wot|everything|anything|all|any|"
                            r"lo|l'|uss|us|ye|woh|el|la|le|les|mon|ma|mes|mi|mis|meu|minha|mein|meine|meinen|mijn|yung|ang|"
                            r"(?!(?:it|that|he|she|what|there|here|who)'s)[a-z]+'s)\b", re.IGNORECASE)
# what was told, said of the phrase before a request that points back ("that stuff about Nik")
_TOLD_MARK = re.compile(r"\b(?:stuff|thing|matter|business|bit|item|story|gossip|palaver|saga|affair|affaire|histoire|historia|"
                        r"história|cerita|kwento|gist|info|baat|said|told|tellt|mentioned|confided|cont[ée]|dit|sent|gave|typed|"
                        r"spilled|spilt|shared|posted)\b", re.IGNORECASE)
# ... or only a thing set as a heading ("Re: Hollis item"): asked of it by a verb that is no shrug
# ("strike it"; "Re the trip: forget it, we are not going" shrugs)
_SET_MARK = re.compile(r"\b(?:re|regarding|concerning|about|aboot|abt)\b", re.IGNORECASE)
_SHRUGGED = frozenset("forget drop disregard clear oublie olvida".split())
# a topic that is a clause said of it: "the thing about my job is it's dull"
_SAID_OF = frozenset("is was are were it's that's".split())
# a request's words that only point forward at what the message goes on to tell
_FORWARD = re.compile(r"^\W*(?:(?:ok|okay|so|and|also|right|righto|now|oh|y|oye|but|btw|lol|pls|please|haan|bro|yes|yeah|"
                      r"hey|um|listen|look|esto|this|ye|yeh|wala|later|sweet as|entre nos|nom[aá]s|[\w']+ for your ears only|eh)\W+){0,6}?"
                      r"(?:off the record|not (?:one )?for (?:the|your|ur) (?:file|record|records|notes|books?|memory)|"
                      r"no\s+(?:lo|la|los|las)\s+(?:apuntes|anotes|guardes|grabes)|"
                      r"(?:don'?t|dont|do not|no|mat)\s+(?:go\s+)?(?:\w+\s+)?(?:sav|stor|keep|record|writ|apunt|log)\w*\s+"
                      r"(?:(?:this|the next bit|the next one|this one|what i'?m about to say)\b|(?:karna|karo)\b))",
                      re.IGNORECASE)
# what a request points ahead at: "this bit", "the following", "whatever I type next"
_AFTER = (r"\b(?:next|following|what follows|after this|straight after|about to|going to tell|gonna tell|voy a contar|"
          r"vais te dire|ensuite|agle|susunod|folgende|wan talk next|i'?m about to)\b")
_AHEAD_ONLY = re.compile(_AFTER, re.IGNORECASE)
# ... or, first in a message that goes on to tell, "this", "ça", "isko" ("Ne retiens pas ça, mais ...")
_AHEAD = re.compile(r"^(?:this|this bit|this one|these|the following|following|what follows|ça|isko|hii|esto|dit|das)\b|" + _AFTER,
                    re.IGNORECASE)
# what a request points back at: "what I just said", "my previous remark", "lo que te acabo de decir"
_JUST_SAID = re.compile(r"\b(?:just (?:said|told|typed|wrote|sent)|previous (?:remark|message|comment)|last (?:message|bit|thing i said)|"
                        r"acabo de decir|viens de dire|barusan|kanina|abhi bola|que eu disse|i just|you never heard|"
                        r"the last (?:ten|few|five|couple of) minutes)\b", re.IGNORECASE)
# idioms that ask that what was said be as if unsaid
_UNSAID = re.compile(r"\blike it never happened\b|\bas if i (?:had |'d )?(?:never said|said nothing|told you nothing)\b|"
                     r"\bcomme si j'?avais (?:rien|jamais) dit\b|\bcomo si no (?:te )?hubiera dicho\b|\bit must not exist\b|"
                     r"\bi don'?t want it (?:anywhere|kept|stored|saved|on file)\b|\bshouldn'?t persist\b|"
                     r"\bpretend (?:you|u) never (?:heard|saw|read) (?:that|it|this)\b|\b(?:pretend|act like) i never (?:said|told you)\b|"
                     r"\b(?:i'?d (?:rather|prefer|appreciate it if)|i would (?:rather|prefer)) (?:that|it|this|(?P<np>the [\w' ]{2,40})) "
                     r"(?:wasn'?t|weren'?t|was not|were not|isn'?t|not be|not get) (?:kept|stored|saved|remembered|recorded)\b",
                     re.IGNORECASE)
# how and when a thing was told, after it ("the tablets thing I mentioned the first time we talked")
_TOLD_VERB = (r"(?:said|say|told you|told u|told ye|tell you|tole you|tellt ye|mentioned|shared|wrote|sent|sent you|gave you|gave|"
              r"typed|posted|confided(?: to you)?)")
_TOLD = re.compile(r"\s*\b(?:(?:that|which|what)\s+)?(?:i|i've|ive|we|ah|a)\s+(?:just\s+|ever\s+)?" + _TOLD_VERB + r"\b.*$|"
                   r"\s*\b(?:(?:what|lo que|ce que|que)\s+)?(?:te|je t'ai|j'ai)\s+(?:cont[ée]|dit|dije|racont[ée])\b.*$|"
                   r"\s+from\s+(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun)\w*\b.*$|"
                   r"\s+(?:the\s+)?(?:first|other|last)\s+(?:time|day|week)\b.*$|\s+(?:earlier|before|yesterday)$|\s+(?:which|that|who)$",
                   re.IGNORECASE)
_LEAD = re.compile(r"^\W*(?:(?:and|an|also|oh|ah|right|so|now|likewise|actually|no|wait|sorry|y|et|e|bro|mate|yeah|nah|ok|okay|"
                   r"causa|bitte|please|pls|écoute|listen|re|regarding|concerning|about|aboot|as for|as to|with regard to|"
                   r"twa things|two things)(?:\W+|$))*", re.IGNORECASE)
_TOLD_THING = re.compile(r"^(?:(?:what|whit|wot|wetin|everything|anything|all|whatever)\s+(?:ah|a|i|we)\s+(?:ever\s+)?(?:" + _TOLD_VERB
                        + r"|talk|talked)\s+(?:aboot|about|abt|bout|regarding|of|on)|lo de|"
                        # "whatever you saved about", "das mit meiner Kündigung", "o que eu falei sobre", "quello che ti ho
                        # detto del", "habari kuhusu", "info soal"
                        r"(?:what|whatever|everything|anything|all)\s+(?:you|u)\s+(?:have\s+)?(?:saved|stored|kept|noted|know|have|remember)"
                        r"\s+(?:about|on|regarding|of)|das mit|die sache mit|das über|o que (?:eu )?(?:falei|disse|contei) (?:sobre|de)|"
                        r"quello che ti ho (?:detto|raccontato) (?:del|della|dello|di|su|sul|sulla)|habari (?:kuhusu|za|ya)|"
                        r"(?:info|cerita) (?:soal|tentang)|"
                        r"(?:hiyo|ile)\s+(?:story|stori|habari|mambo|kisa|issue)\s+(?:ya|za|wa)|(?:aquilo|isso|aquela hist[óo]ria)\s+(?:sobre|de|d[oa])|"
                        r"l'affaire (?:de|des|du)|l'histoire de|(?:the|that|this)\s+(?:[\w-]+\s+)?(?:matter|business|thing|stuff|item|bit|"
                        r"story|gossip|palaver)\s+(?:of|with)|"
                        # "the rumour concerning Mr Patel", "that note about my knee": any word for what was told
                        r"(?:the|that|this|those)\s+(?:[\w-]+\s+)?[\w-]+\s+(?:about|aboot|abt|concerning|regarding|re))\s+", re.IGNORECASE)
_REGRET = re.compile(r"\b(?:regret|shouldn'?t have|should not have|wish i hadn'?t|wish i never)\s+(?:telling|told|said|mentioned)\s+"
                     r"(?:you\s+)?(?:about\s+)?(?P<t>[^.!?]{3,80})", re.IGNORECASE)
# a sentence that says the user told something, and what: "I told you my PIN was 2580", "Earlier I
# mentioned that ...", "I was going on about my student loan debt before", "J'ai parlé de ..."
_TELLING = re.compile(r"^\W*(?:(?:so|oh|and|earlier|before|also|ok|okay|yeah|right|in my last note|i think|aku tadi|tadi)\W+)*"
                      r"(?:i|we|j'ai|maine|ek|aku|mi)\s+(?:think\s+i\s+)?(?:just\s+|ever\s+|kinda\s+)?"
                      r"(?:told you|told u|said|mentioned|brought up|was going on about|went on about|talked about|talk say|spoke of|"
                      r"parlé de|bataya tha|het gesê|cerita soal|cerita tentang|gave you|sent you|typed|spilled)\s+"
                      r"(?:that\s+|ki\s+|about\s+)?(?P<t>.+?)(?:\s+(?:earlier|before|tout à l'heure|just now|already))?\W*$", re.IGNORECASE)
# an Indic "that X matter": "uss result wali baat"
_MATTER = re.compile(r"\b(?:ye|yeh|woh|wo|uss|us|is|meri|mera)\s+(?P<t>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:wali|wala|waali)\s+"
                     r"(?:baat|cheez|story)\b", re.IGNORECASE)
_SEGMENT = re.compile(r"\s*(?:\.\.\.|…|[,;:]|\s[-\u2013\u2014]\s|\s[-\u2013\u2014]|[-\u2013\u2014]\s)\s*")
_WORD = re.compile(r"[\w'\u00c0-\u024f]+")


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _directive(part: str, asked: bool) -> int | None:
    """Where in a segment's words a request not to keep starts, or None: a verb of doing away
    with said as a request (never after a subject, an auxiliary of a statement or a negation,
    `_NOT_ASKING`, unless the sentence asks it of "you", `asked`), or a verb of keeping negated
    as a request, not by a subject of its own ("I don't remember")."""
    words = _words(part)
    said = _WORD.findall(part)
    for i, w in enumerate(words):
        last = words[i - 1] if i else ""
        if w in _OF_MEMORY or w in _OF_THINGS:
            if last in _NOT_ASKING and not (asked and last in ("you", "u", "to", "can", "could", "would", "should", "we")) \
                    or (last and said[i - 1][:1].isupper() and last not in _TALK) or words[i + 1:i + 2] == ["to"]:
                continue  # "I always forget", "don't forget", "Hoa lose her first tooth", "forget to call"
            return i
        if w in _NOT_KEPT:
            return i
        if w in _RETAIN:
            if w in ("hang", "hold") and not re.match(r"(?:on to|onto|of)\b", " ".join(words[i + 1:i + 3])):
                continue  # "no hang on, I've got it the wrong way up"
            if w in ("karna", "rakh", "rakhna") and not (last == "mat" and i > 1):
                continue  # Hindi: "note mat karna", "yaad mat rakhna"
            j = i - 1
            while j >= 0 and words[j] in _BETWEEN and words[j] not in _ASKING_NOT:
                j -= 1
            if j < 0 or words[j] not in _ASKING_NOT or i - j > 4:
                continue
            if (_SUBJECT & set(words[max(0, j - 2):j]) or words[j - 1:j] and words[j - 1] in _STATED) and not asked:
                continue  # "I don't remember", "I don't hold with full stops", "it does not keep"
            return i
    return None


def _topic_of(text: str, told: bool = False, heading: bool = True) -> str | None:
    """The topic a phrase names, without how it was told or when ("And the tablets thing I
    mentioned the first time we talked" -> "the tablets thing"), or None when it names no thing
    (with `told`, only a phrase that says it was told: "that stuff about Nik", "Re: Hollis item")."""
    if told and not (_TOLD_MARK.search(text) or (heading and _SET_MARK.search(text)) or _TOLD_THING.match(_LEAD.sub("", text.strip()))) \
            or re.search(_TOLD_VERB + r"\s+(?:about\s+)?(?:is|was|are|were|has|had)\b", text, re.IGNORECASE):
        return None  # ("the guy I told you about is great, forget it": said of him, not what was told)
    matter = _MATTER.search(text)
    led = (_LEAD.match(text.strip()) or "")[0] if not matter else ""
    text = matter["t"] if matter else text.strip()[len(led):]
    # (a name opens it only after a word that sets it: "Re: Hollis item", never a sentence's first word)
    named = bool(led.strip() and re.match(r"(?-i:[A-Z])", text))
    lead = _TOLD_THING.match(text)  # (what follows "the matter of", "lo de" names a thing, whatever its first word)
    text = text[lead.end():] if lead else text
    # "that business I told you about with Dai at number 40": what it was told about, when the thing says nothing more
    about = re.search(r"\b(?:i|we|ah|a)\s+(?:just\s+|ever\s+)?" + _TOLD_VERB + r"\s+(?:aboot|about|abt|bout|regarding|of|on)\s+(?:with\s+)?"
                      r"(?P<x>.+)$", text, re.IGNORECASE)
    if about and not topic_words(_TOLD.sub("", text)) - _WEAK:
        text, lead = about["x"], about
    text = _TOLD_AS.sub("", _TOLD.sub("", text).strip(" .,'\"?!"))
    if not text or len(text.split()) > 14 or not (matter or lead or named or _NAMES_A_THING.match(text)) \
            or re.fullmatch(r"(?:it|that|this|them|those|these|the (?:other|ither) (?:business|thing|matter)|the bad one)", text, re.I):
        return None
    if _SAID_OF & set(_words(text)):
        return None
    return text if topic_words(text) - _WEAK else None  # (never "that business" alone)


def _object_text(part: str, verb: str) -> str:
    """The words of a segment after its directive's verb, as written ("strike the bit about my
    plumbing issue" -> "the bit about my plumbing issue"), without a second verb, where from, or
    the words of talk after it ("kalimutan mo na lang yung ...", "lupain aja")."""
    m = re.search(r"(?<![\w'])" + re.escape(verb) + r"(?![\w'])", part, re.IGNORECASE)
    rest = part[m.end():] if m else ""
    rest = re.sub(r"^\s*(?:and not \w+|and \w+|or \w+)\s+", " ", rest, flags=re.IGNORECASE)
    rest = re.sub(r"^\s*(?:(?:mo|na|lang|aja|saja|ya|please|pls|kar|do|haud o|hold of|de|of|about|out|away|off|asseblief|van|on to|onto|"
                  r"from (?:your|the|ur) (?:memory|record|notes))\s+)+", " ", rest + " ", flags=re.IGNORECASE)
    return rest.strip()


def _said_before(earlier: str) -> str | None:
    """What the sentence before a request that points back says the user told ("I told you my PIN
    was 2580" -> "my PIN was 2580"), or that sentence whole when it is short."""
    last = re.split(r"(?<=[.!?])\s+", earlier.strip())[-1].strip()
    told = _TELLING.match(last)
    topic = told["t"] if told else last
    # (a sentence of its own, never a word of talk: "actually no. forget that, dont save it")
    enough = topic_words(topic) if told else len(topic_words(topic)) >= 2 and len(topic.split()) >= 3
    return topic.strip(" .") if enough and len(topic.split()) <= 25 else None


def clause_requests(sentence: str, earlier: str) -> list[tuple[str, str]]:
    """(topic, clause) of a request not to keep something in one sentence, read by its clause
    (see the module's doc); `earlier` is what the message said before the sentence. A topic
    taken from the sentence before has that sentence in its clause."""
    sentence = undialected(sentence.replace("\u2019", "'"))
    sentence = re.sub(r"^\W*(?:re|fao|attn)\s*:\s*", "regarding ", sentence, flags=re.IGNORECASE)  # "Re: Hollis item from Tues - strike it"
    parts = _SEGMENT.split(sentence)
    for n, part in enumerate(parts):
        if _FORWARD.match(part):
            continue  # said of what follows: `keeps_back`
        words = _words(part)
        at = _directive(part, _ASKED.search(" ".join(parts[:n + 1])) is not None)
        said_away = _PARTICLE.search(part)
        before = _WORD.findall(part[:said_away.start()])[-1:] if said_away else []
        if before and (before[0].lower() in _NOT_ASKING | _BETWEEN or before[0][:1].isupper() and before[0].lower() not in _TALK):
            said_away = None  # "I was obliged to let it go", "Bea don't want to let go of me", "I want to take them out"
        said_away = said_away or _UNSAID.search(part)
        if at is None and said_away is None:
            continue
        # a verb of memory, a negated keeping, or one said of the memory: no chore, no shrug
        of_memory = _MEMORY_PLACE.search(sentence) is not None or _UNSAID.search(part) is not None or (at is not None and (
            words[at] in _RETAIN or words[at] in _NOT_KEPT or (words[at] in _OF_MEMORY and _ASKED.search(sentence) is not None)))
        topic = None
        if at is not None:
            obj = _object_text(part, words[at])
            obj = re.sub(r"^(?:all|any|every bit|each)\s+(?:of\s+)?(?=(?:it|that|this|them|those|what)\b)", "", obj, flags=re.I)
            first = (_words(obj) or [""])[0]  # ("forget all that will you": what it points back at)
            if first in ("me", "my", "up") and words[at] not in _OF_MEMORY and not of_memory:
                continue  # "don't keep me waiting", "don't drop my kids"
            if _AHEAD_ONLY.search(obj) and not _JUST_SAID.search(obj):
                continue  # "don't save whatever I type next": `holds_next`
            # (a thing named after a verb also done to things, or a keeping, is one only when said to be told, or of the
            # memory: "don't hang on to the rail", "don't keep the receipts" are none)
            chore = words[at] not in _OF_MEMORY and _MEMORY_PLACE.search(sentence) is None
            told_lead = _TOLD_THING.match(obj) is not None  # ("vergiss das mit meiner Kündigung": what "das" is)
            topic = None if first in _POINTER and not told_lead else _topic_of(obj, told=chore)
            if topic is None and first not in _POINTER and words[at] in _OF_THINGS and not of_memory:
                continue  # "clear the table", "you can drop the romanisation now": not what was said
        # what the segment set before its verb ("uss result wali baat bhool ja"), or the sentence before it
        head = part[:said_away.start()] if said_away is not None and at is None else ""
        if at is None and said_away is not None:  # "get rid of whatever you saved about ...", "pretend I never told you about ..."
            after = re.sub(r"^\s*(?:about|of)\s+", "", part[said_away.end():])
            inner = said_away.groupdict().get("np")
            told = _MEMORY_PLACE.search(sentence) is None and not _UNSAID.search(part)  # ("get rid of the old sofa": a chore)
            topic = _topic_of(inner) if inner else _topic_of(after, told=told) if _words(after)[:1] and _words(after)[0] not in _POINTER else None
        shrug = at is not None and words[at] in _SHRUGGED and not of_memory \
            and not re.search(r"\b(?:please|pls|kindly|you|u)\b", sentence, re.I)
        for front in [head, *reversed(parts[:n])]:
            if topic:
                break
            # (a thing said to be told, or any phrase naming a thing before a request of memory;
            # "the food was ok - forget it", "fact is I hate it, forget it" are shrugs)
            phrase = of_memory and not _NOT_A_FRAGMENT & set(_words(front))
            topic = _topic_of(front, told=not phrase, heading=not shrug) if front.strip() else None
        if topic is None and earlier.strip():  # ... or what the sentence before said was told ("I regret telling you about ...",
            # "Likewise the Tratsch - the gossip - concerning Herr Brandl's private affairs.", "I told you my PIN was 2580.")
            regret = _REGRET.search(earlier)
            last = re.split(r"(?<=[.!?])\s+", earlier.strip())[-1]
            fragment = not _NOT_A_FRAGMENT & set(_words(last))  # (a phrase, not a clause: "her health is nobody's business")
            if regret:
                topic = _topic_of(regret["t"])
            elif fragment:
                topic = next((t for t in map(lambda x: _topic_of(x, told=True), reversed(_SEGMENT.split(last))) if t), None)
            if topic is None and not regret and (of_memory or _TELLING.match(last) or re.search(r"\bshouldn'?t have (?:said|told)", sentence, re.I)) \
                    and _directive(last, True) is None and not re.search(r"\b(?:withdraw|retract)\b", last, re.I):
                # (never a request or a withdrawal itself: "I withdraw paragraph 6. Please do not retain it.")
                topic = _said_before(earlier)
                if topic:
                    return [(topic, f"{last.strip()} {sentence.strip()}")]
        if topic:
            # (the clause from where its topic was set: when it was told is said there, "from Tues")
            at = sentence.lower().find(topic.lower())
            return [(topic, sentence[at:].strip() if 0 <= at < sentence.lower().find(part.lower()) else part.strip())]
    return []


def points_back(text: str) -> str | None:
    """The words of a request about what the user said just before, when a message asks only
    that ("Strike that from the record, please.", "scratch what i just told u", "Oublie ce que je
    viens de dire", "nah don't hold onto that one"): a request of memory whose object points back
    and names nothing. None for a shrug ("forget it, never mind") or a thing named."""
    said = undialected(text.replace("\u2019", "'"))
    ahead = _ahead(said)
    if len(_words(said)) > 30 or _AHEAD_ONLY.search(said) and not _JUST_SAID.search(said) or holds_next(said) \
            or ahead is not None and ahead[1] > 4:
        return None  # (asked of what follows: "ok dont save this but i called in sick ...")
    # (first in its message, after a few words at most: "Sorry, that was TMI. You don't need to remember
    # it."; never after a statement of its own, "I withdraw paragraph 6 in its entirety. Please do not retain it")
    first, *more = re.split(r"(?<=[.!?;])\s+", said, maxsplit=1)
    said = first if _directive(first, True) is not None or _UNSAID.search(first) or not more or len(_words(first)) > 5 else more[0]
    for part in _SEGMENT.split(said):
        at = _directive(part, _ASKED.search(said) is not None)
        unsaid = _UNSAID.search(part)
        if at is None and unsaid is None:
            continue
        if unsaid or at is None:
            return part.strip() if unsaid else None
        obj = _object_text(part, _words(part)[at])
        obj = re.sub(r"^(?:all|any|every bit|each)\s+(?:of\s+)?", "", obj, flags=re.I)
        first = (_words(obj) or [""])[0]
        # ("don't keep that in the fridge": a keeping said of a place is no request)
        memory = _MEMORY_PLACE.search(said) or _JUST_SAID.search(said) or (_words(part)[at] in _RETAIN | _NOT_KEPT and not re.search(
            r"\b(?:in|on|at|under|near|by|inside|outside|with)\s+(?:the|a|my|your|our)\b", obj, re.I))
        if (first in _POINTER or first in ("what", "my", "lo", "ce", "yung", "jo", "whatever", "everything", "anything", "all")) and memory \
                and not re.search(r"\b(?:never ?mind|nvm|whatever|doesn'?t matter|no matter)\b", said, re.I):
            return part.strip()
    return None


_ON_A_DAY = re.compile(r"\b(?:from|on|of|last)\s+(?P<d>" + "|".join(WEEKDAYS + sorted(WEEKDAY_SHORT, key=len, reverse=True)) + r")\b",
                       re.IGNORECASE)


def weekday_told(clause: str) -> int | None:
    """The day of the week a request says its topic was told on ("Re: Hollis item from Tues",
    "what I said on Monday"; Monday is 0), or None."""
    m = _ON_A_DAY.search(clause)
    if m is None:
        return None
    day = m["d"].lower()
    return WEEKDAYS.index(day) if day in WEEKDAYS else WEEKDAY_SHORT[day]


def _ahead(text: str) -> tuple[int, int] | None:
    """(where the request that points ahead ends, how many words follow it) for a message that
    asks first that what it tells not be kept ("Don't remember this bit, ok? My real name is ...",
    "Dinnae store this, but I've been signed off", "Please do not retain the following: ..."), or None."""
    said = undialected(text.replace("\u2019", "'"))
    for sentence in re.split(r"(?<=[.!?])\s+", said)[:2]:
        m = _FORWARD.match(sentence)
        if m is not None:
            end = said.find(sentence) + m.end()
            return end, len(_words(said[end:]))
        clause = re.split(r"\s*(?::|\bbut\b|\bmais\b|\bpero\b|\blekin\b|\btapi\b|\bmas\b|\baber\b)\s*", sentence, maxsplit=1, flags=re.I)[0]
        words = _words(clause)
        at = _directive(clause, _ASKED.search(clause) is not None)
        if at is None and not re.search(r"\bnot (?:one )?for (?:the|your|ur) (?:memory|notes|records?|files?|books?)\b|"
                                        r"\bnot to be (?:stored|saved|kept|remembered)\b", clause, re.I):
            continue
        rest = re.sub(r"^(?:pas|nie|not)\s+", "", " ".join(words[at + 1:])) if at is not None else ""
        if at is not None and (words[at] in _OF_THINGS and not _MEMORY_PLACE.search(clause)
                               or not (_AHEAD.search(rest) or not rest and len(clause) < len(sentence))):
            continue  # "don't save the receipts": a thing named; "ok context dump.": no request
        end = said.find(sentence) + len(clause)
        return end, len(_words(said[end:]))
    return None


def keeps_back(text: str) -> bool:
    """Whether a message asks first that what it goes on to tell not be kept, and tells
    something ("not for the file, pls: ADHD dx last wk"; "Dinnae store this, but ...")."""
    ahead = _ahead(text)
    return ahead is not None and ahead[1] > 4 and not holds_next(text)


def holds_next(text: str) -> bool:
    """Whether a message only asks that the next thing the user says not be kept ("yarn for
    your ears only eh, don't go storing this one bro"; "Don't save whatever I type next.";
    "Lo que te voy a contar ahora no lo guardes, ¿sí?")."""
    said = undialected(text.replace("\u2019", "'"))
    m = _FORWARD.search(said)
    if m is not None:
        return len([w for w in _words(said[m.end():]) if w not in _FILLER]) <= 2
    ahead = _ahead(said)
    if ahead is not None and ahead[1] > 6:
        return False  # it goes on to tell: `keeps_back`
    if len(_words(said)) > 30 or not _TO_COME.search(said):
        return False
    return any(_directive(part, True) is not None or re.search(r"\bnot to be (?:stored|saved|kept|remembered)\b|\boff the record\b",
                                                                part, re.I)
               or (re.search(r"\b(?:none|nothing|not|no)\b", part, re.I) and _MEMORY_PLACE.search(part))  # "none of what follows should go in your memory"
               for part in _SEGMENT.split(said))


# what the user is about to say ("whatever I type next", "the next few messages", "what follows"), never a
# next of the calendar ("remind me next week")
_TO_COME = re.compile(r"\b(?:(?:next|following)\s+(?:thing|things|message|messages|msg|bit|one|part|few|couple)|what follows|"
                      r"(?:whatever|anything|what)\s+i\s+(?:say|type|send|write|tell you)\s+(?:next|after this|now)|after this|"
                      r"about to|going to tell|gonna tell|tell you something|voy a contar|vais te dire|ensuite|agle message|"
                      r"susunod|folgende|wan talk next|before i continue)\b", re.IGNORECASE)
_FILLER = frozenset("eh bro mate pls please ok okay promise yeah yaar na lah don't dont go storing saving keeping writing "
                    "this one it that".split())
