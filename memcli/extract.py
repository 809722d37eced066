"""Deterministic fact extraction: one chat message in, atomic third-person facts out.

Pure functions, regex only: no I/O, no DB, no model. The bundled LLM is too weak to
extract facts (see DESIGN.md), so these rules are the default write path.

Pipeline for ``extract_facts(text, now, role)``:

1. ``role != "user"`` -> nothing (every sentence discarded, reason "not from the user").
   Assistant replies, tool output and pasted pages never become facts.
2. Split into sentences, then clauses (";", ", and I ...", " but my ...", ", I ..."; a
   subject-less "and joined TCS" inherits the previous clause's "I").
3. Explicit memory prefixes ("remember that", "please remember", "don't forget (that)",
   "note that", "keep in mind that", "make a note that") are stripped; the rest becomes
   facts with ``source="explicit"``, importance >= 0.8, and bypasses every salience
   filter below.
4. Salience filters, each giving a ``Discard`` reason: "greeting" (hi/thanks/ok/lol),
   "question", "request" (commands to the assistant that are not lasting rules),
   "hypothetical" (if/suppose/I wish/someday), "transient state" (I'm tired today,
   I'm at the airport right now), "small talk" (weather), "not about the user" (no
   first-person reference), "fragment".
5. Dates are resolved with :func:`memcli.dates.resolve_dates` (see its docstring for
   the conventions: "next Friday" = Friday of next week, "this Friday" = the coming one).
6. Rules recognise profile slots, safety facts, procedural rules, plans and events;
   everything else is rewritten to third person as a semantic/episodic fact.

Kinds and importance (1-10 scale / 10):

- safety (allergies, medical conditions, medication, "never"/"must not" constraints):
  0.9, ``safety=True`` (never decays).
- profile (keyed, single-valued): name 0.8, diet 0.8, home_city/employer/partner 0.75,
  job_title/age 0.7, favorite_* 0.6, identifiers like "my locker code is 4412" 0.7.
- procedural (rules for the assistant: "always answer in French", "keep answers short
  from now on", "don't use emojis"): 0.7 (0.9 + safety for "never"/"must not" rules).
  Text: "User wants the assistant to always answer in French".
- semantic preferences (love/like/hate/prefer/enjoy): 0.55; other durable facts 0.6.
- episodic events (past-tense actions, dated events): 0.45 (0.5 when dated).
- plans ("might", "planning to", "thinking about", "going to", "will", "want to"):
  0.3, kind "episodic", never a profile key and never a change cue, so "I might move to
  Bangalore next year" cannot retire the current home_city.
- explicit: max(rule importance, 0.8).

Profile slots (user's own): name, home_city, hometown, employer, job_title, partner,
diet, age, favorite_<thing>, car, pet.<species>, and identifier-like
"my <...code|number|password|pin|id|address|email|birthday|...> is X" -> snake_case key.
Other people's attributes get a dotted key, never the user's:
"my sister lives in Delhi" -> key "sister.home_city" (kind "profile" for a single
family relation; friends/colleagues/cousins get no key and kind "semantic").

Profile text is canonical ("User lives in Pune", "User works at Infosys",
"User's name is Priya", "User is 34 years old") so that a later "I moved to Mumbai"
produces the same shape. Exception: a stative diet sentence keeps its qualifiers
("User has been vegetarian since 2019").

Change cues:

- ``change="update"``: a replacing value is stated: "moved to", "relocated to",
  "now live/work at", "joined", "started at", "got a job at", "switched to",
  "became", "got promoted to", "went vegan", "turned 35", "married X".
- ``change="delete"``: something stopped being true and nothing replaces it:
  "no longer", "stopped ...", "gave up", "quit", "left X", "sold my X",
  "don't ... anymore", "broke up with", "my dog died".
- Diet negations are modelled as a new diet value, not a deletion:
  "I no longer eat meat" / "I stopped eating meat" -> Fact("User does not eat meat",
  key="diet", value="no meat", change="update"); "I'm not vegan anymore" ->
  key="diet", change="delete".
- Within one message, a "delete" on a key that another fact of the same message
  updates ("I left Infosys and joined TCS") loses its key and change and stays an
  episodic event ("User left Infosys"), so only the update retires the old value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from .dates import resolve_dates

__all__ = ["Fact", "Discard", "Extraction", "extract_facts", "resolve_dates", "to_third_person"]


@dataclass
class Fact:
    text: str
    kind: str
    importance: float
    source: str = "stated"
    key: str | None = None
    value: str | None = None
    change: str | None = None
    event_date: datetime | None = None
    clause: str = ""
    safety: bool = False


@dataclass
class Discard:
    clause: str
    reason: str


@dataclass
class Extraction:
    facts: list[Fact] = field(default_factory=list)
    discarded: list[Discard] = field(default_factory=list)


# --------------------------------------------------------------------------- lexicons

_I = re.IGNORECASE

ADVERBS = {"also", "really", "just", "still", "now", "usually", "always", "never", "actually",
           "recently", "finally", "currently", "only", "mostly", "often", "sometimes", "definitely",
           "absolutely", "totally", "truly", "honestly", "personally", "generally", "mainly",
           "rarely", "seldom", "already", "even", "officially", "basically", "literally", "kinda",
           "originally", "probably", "certainly", "typically", "normally", "occasionally", "barely",
           "hardly", "genuinely", "strongly", "seriously", "secretly", "obviously", "eventually"}

MODALS = {"can", "cannot", "could", "will", "would", "shall", "should", "may", "might", "must",
          "did", "had", "was", "were", "used", "ought", "is", "has", "does", "am", "are"}

IRREGULAR_PAST = {
    "went", "ran", "got", "made", "took", "saw", "came", "left", "bought", "sold", "began", "became",
    "met", "found", "gave", "told", "thought", "knew", "felt", "kept", "lost", "won", "wrote", "ate",
    "drank", "flew", "drove", "grew", "quit", "put", "set", "cut", "hit", "let", "spent", "sent",
    "built", "broke", "chose", "fell", "forgot", "heard", "held", "paid", "said", "sat", "slept",
    "spoke", "stood", "taught", "understood", "woke", "wore", "swam", "sang", "rode", "caught",
    "brought", "fought", "threw", "hid", "led", "lent", "meant", "dug", "fed", "fled", "hung",
    "laid", "lit", "rang", "rose", "shot", "shut", "stuck", "struck", "tore", "wept", "read",
    "overslept", "forgave", "drew", "beat", "bet", "cost", "hurt", "split", "spread", "upset",
    "learnt", "burnt", "dreamt", "spelt", "knelt", "dealt", "sought", "born",
}

NOT_VERBS = ADVERBS | {"and", "or", "but", "too", "myself", "not", "no", "a", "an", "the", "to", "in",
                       "at", "of", "for", "with", "as", "so", "i", "am", "personally"}

GREETING_WORDS = {
    "hi", "hello", "hey", "heya", "hiya", "yo", "sup", "thanks", "thank", "you", "thx", "ty", "tysm",
    "so", "much", "a", "lot", "ok", "okay", "k", "kk", "cool", "great", "nice", "awesome", "lol",
    "lmao", "rofl", "haha", "hahaha", "hehe", "hmm", "hm", "sure", "yes", "yeah", "yep", "yup", "no",
    "nope", "nah", "good", "morning", "afternoon", "evening", "night", "bye", "goodbye", "cya", "see",
    "later", "got", "it", "sounds", "perfect", "alright", "all", "right", "np", "problem", "cheers",
    "wow", "oh", "ah", "ahh", "oops", "sorry", "appreciate", "that's", "thats", "that", "is", "was",
    "helpful", "helps", "makes", "sense", "fair", "enough", "indeed", "exactly", "welcome",
    "amazing", "fantastic", "excellent", "wonderful", "brilliant", "gotcha", "noted", "understood",
    "there", "man", "dude", "bro", "buddy", "again", "anyway", "well", "welp", "omg", "too", "for",
    "your", "help", "the", "very", "super", "really", "agreed", "true", "interesting", "hmmm", "ugh",
    "meh", "fine", "yay", "woohoo", "neat", "sweet", "definitely", "totally", "absolutely", "this",
    "worked", "works", "done", "ack", "ty!", "ok!", "wait", "never", "mind", "nevermind", "don't",
    "worry", "hiii", "hii", "heyy", "yess", "lmk", "brb", "gtg", "gn", "gm", "xd", "uh", "um", "er",
}

FILLER_RE = re.compile(
    r"^(?:(?:oh|well|so|also|btw|by the way|actually|anyway|anyways|and|but|um+|uh+|yeah|yes|ok|okay|"
    r"hey|hi|hello|fyi|just fyi|just so you know|for context|for the record|honestly|basically|"
    r"haha|lol|fun fact|oh and|oh also|ah|alright|right|plus)\b(?:[,:!.]?\s+|[,:!.]*$))+", _I)

OCCUPATIONS = {
    "engineer", "developer", "programmer", "manager", "nurse", "doctor", "physician", "surgeon",
    "teacher", "professor", "lecturer", "student", "analyst", "scientist", "designer", "lawyer",
    "attorney", "architect", "accountant", "pilot", "dentist", "pharmacist", "researcher", "writer",
    "author", "journalist", "artist", "musician", "photographer", "editor", "intern", "freelancer",
    "founder", "cofounder", "co-founder", "ceo", "cto", "cfo", "coo", "chef", "cook", "carpenter",
    "plumber", "electrician", "mechanic", "farmer", "officer", "clerk", "barista", "waiter",
    "waitress", "cashier", "vet", "veterinarian", "paramedic", "therapist", "psychologist",
    "psychiatrist", "coach", "trainer", "tutor", "administrator", "admin", "technician",
    "executive", "director", "consultant", "specialist", "associate", "contractor", "librarian",
    "firefighter", "policeman", "policewoman", "cop", "soldier", "driver", "electrician",
    "translator", "interpreter", "economist", "banker", "broker", "realtor", "salesman",
    "saleswoman", "salesperson", "recruiter", "secretary", "assistant", "receptionist", "baker",
    "butcher", "tailor", "hairdresser", "barber", "actor", "actress", "dancer", "singer",
    "composer", "producer", "filmmaker", "animator", "illustrator", "entrepreneur", "investor",
    "biologist", "chemist", "physicist", "mathematician", "statistician", "sociologist",
    "historian", "archaeologist", "geologist", "radiologist", "cardiologist", "dermatologist",
    "optometrist", "physiotherapist", "midwife", "caregiver", "nanny", "janitor", "guard",
    "lead", "principal", "dean", "postdoc", "phd", "resident", "fellow", "sre", "devops",
    "student", "undergrad", "undergraduate", "grad", "retiree", "homemaker", "housewife",
    "streamer", "youtuber", "blogger", "podcaster", "influencer", "copywriter", "marketer",
    "strategist", "planner", "auditor", "surveyor", "inspector", "paralegal", "judge",
    "pharmacologist", "epidemiologist", "nutritionist", "dietitian", "chiropractor", "mason",
    "welder", "machinist", "pilot", "captain", "sailor", "steward", "stewardess", "attendant",
}

DIETS = r"(?:lacto[- ]ovo[- ]vegetarian|lacto[- ]vegetarian|vegetarian|vegan|pescatarian|pescetarian|flexitarian|keto|paleo|gluten[- ]free|dairy[- ]free|halal|kosher|carnivore|plant[- ]based)"

DEMONYMS = {
    "indian", "american", "british", "english", "german", "french", "italian", "spanish", "chinese",
    "japanese", "korean", "canadian", "mexican", "brazilian", "australian", "russian", "dutch",
    "swiss", "swedish", "norwegian", "danish", "finnish", "polish", "irish", "scottish", "welsh",
    "pakistani", "bangladeshi", "nepali", "sri", "thai", "vietnamese", "filipino", "indonesian",
    "turkish", "greek", "portuguese", "argentinian", "chilean", "colombian", "peruvian",
    "nigerian", "kenyan", "egyptian", "israeli", "iranian", "austrian", "belgian", "ukrainian",
    "muslim", "christian", "hindu", "jewish", "buddhist", "sikh", "catholic", "atheist",
    "fine", "good", "ok", "okay", "here", "back", "sure", "sorry", "new", "done", "ready", "in", "out",
}

TRANSIENT_ADJ = (
    r"tired|exhausted|sleepy|hungry|starving|thirsty|bored|sick|ill|unwell|busy|stressed|"
    r"anxious|nervous|excited|happy|sad|upset|angry|annoyed|frustrated|cold|hot|warm|full|"
    r"stuffed|drunk|hungover|late|early|lonely|confused|sore|cranky|grumpy|sleepless|"
    r"overwhelmed|relaxed|free|available|away|offline|online|home|outside|running late|"
    r"in a meeting|on my way|on the way|at work|at home|at the \w+|in the \w+|on a call|"
    r"feeling \w+|a bit \w+|under the weather|done for the day|off today|on vacation|on holiday"
)
_INTENS = r"(?:(?:so|really|very|a bit|a little|kinda|kind of|pretty|super|quite|extremely|totally|completely|feeling|just|too|incredibly|rather|somewhat)\s+)*"
TRANSIENT_RE = re.compile(
    r"^(?:i am|i feel|i'm feeling|i am feeling|feeling|i was|i got|getting|i'm getting|i am getting)\s+(?:not\s+)?"
    + _INTENS + r"(?:" + TRANSIENT_ADJ + r")\b(?:\s+(?:today|tonight|right now|now|rn|atm|at the moment|"
    r"this morning|this afternoon|this evening|lately|again|all day|after \w+(?: \w+)?|from \w+(?: \w+)?|"
    r"because .*|cause .*|since .*|lol|haha|tbh|ugh))*$", _I)
TRANSIENT_NOW_RE = re.compile(r"\b(?:right now|at the moment|atm|rn|currently)\s*$", _I)

WEATHER_RE = re.compile(
    r"\b(?:weather|raining|rainy|rain|sunny|snowing|snowy|cloudy|windy|humid|freezing|"
    r"so hot|so cold|hot today|cold today|nice day|beautiful day|what a day|traffic)\b", _I)

QUESTION_START_RE = re.compile(
    r"^(?:(?:what|where|when|why|how|who|whom|whose|which)\b(?!\s+i\s+(?:was|were|am|had|lived|moved|grew))"
    r"|(?:do|does|did|is|are|was|were|can|could|would|will|should|shall|have|has|may|am|isn't|aren't|"
    r"don't|doesn't|didn't|won't|wouldn't|shouldn't|couldn't|can't)\s+(?:you|i|we|it|they|he|she|there|"
    r"this|that|these|those|my|your|u|anyone|someone)\b|any (?:idea|ideas|thoughts|tips|suggestions)\b|"
    r"wonder(?:ing)? (?:if|whether|what|how|why)|i wonder\b|anyone know\b)", _I)

REQUEST_RE = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\b|please\b|pls\b|plz\b|i need you to\b|i want you to\b|"
    r"i'd like you to\b|i would like you to\b|help me\b|let's\b|let us\b|lets\b)", _I)

IMPERATIVE_VERBS = {
    "answer", "reply", "respond", "write", "use", "keep", "avoid", "include", "add", "format", "explain",
    "speak", "talk", "address", "call", "send", "give", "show", "tell", "make", "be", "remind", "stop",
    "start", "put", "list", "cite", "summarize", "summarise", "translate", "check", "ask", "mention",
    "refer", "sign", "end", "begin", "say", "assume", "treat", "double-check", "prefer", "limit",
    "skip", "help", "find", "draft", "create", "generate", "compute", "calculate", "search", "look",
    "recommend", "suggest", "fix", "book", "schedule", "set", "plan", "review", "proofread",
    "rewrite", "edit", "convert", "compare", "describe", "define", "provide", "read", "open",
    "run", "try", "do", "don't", "never", "always", "email", "text", "ping", "message", "wake",
    "notify", "alert", "refrain", "stick", "respect", "reply", "default", "prioritize", "focus",
    "emphasize", "omit", "drop", "remove", "cut", "shorten", "simplify", "elaborate", "expand",
}

RULE_CUE_RE = re.compile(
    r"\b(?:always|never|from now on|going forward|in (?:the )?future|every time|each time|whenever|by default|"
    r"no more|ever again|anymore|any more|at all times|in all (?:your )?(?:answers|responses|replies)|"
    r"from here on|moving forward|for all|all the time|in general)\b", _I)
STYLE_RE = re.compile(
    r"\b(?:answers?|responses?|replies|reply|your tone|tone|emojis?|bullet points?|markdown|formal|casual|"
    r"short|concise|brief|detailed|verbose|in (?:english|french|spanish|german|hindi|italian|portuguese|"
    r"japanese|chinese|korean|dutch|arabic|russian)|metric|imperial|celsius|fahrenheit|code (?:examples|"
    r"snippets|blocks)|sources|citations|jargon|examples?|explanations?|summaries|summary|my name|"
    r"call me|contact me|text me|email me|message me|wake me)\b", _I)

HYPOTHETICAL_RE = re.compile(
    r"^(?:if|what if|suppose|supposing|imagine|hypothetically|in theory|in an ideal world|"
    r"i wish|wish i|i wonder|someday|some day|one day|maybe someday|maybe one day|"
    r"it would be (?:nice|great|cool|awesome)|wouldn't it be|would be (?:nice|great|cool)|"
    r"assuming|unless|in case|even if|were i|had i)\b", _I)
HYPOTHETICAL_ANY_RE = re.compile(
    r"\b(?:i wish|someday|some day|one day i|maybe one day|if i (?:ever|were|had|could|won|was)|"
    r"if only|i would love to|i'd love to|in another life|would have|could have|should have|"
    r"dream of|dream about|fantasi[sz]e)\b", _I)
CONDITIONAL_MODAL_RE = re.compile(r"\bif\b.*\b(?:would|could|'d|might)\b|\b(?:would|could|'d|might)\b.*\bif\b", _I)

PLAN_RE = re.compile(
    r"\b(?:might|may|maybe|perhaps|possibly|probably|planning(?: on| to)?|plan(?:s)? (?:to|on)|"
    r"thinking (?:of|about)|considering|hoping to|hope to|want to|wanna|would like to|'d like to|"
    r"going to|gonna|will|'ll|intend to|intending to|aim to|about to|trying to decide|"
    r"looking (?:to|into)|am (?:moving|relocating|switching|starting|joining|leaving|quitting|getting|"
    r"going|flying|traveling|travelling|visiting|buying|selling)|'m (?:moving|relocating|switching|"
    r"starting|joining|leaving|quitting|getting|going|flying|traveling|travelling|visiting|buying|selling))\b",
    _I)

SAFETY_RE = re.compile(
    r"\b(?:allerg(?:y|ies|ic)|anaphyla\w*|epipen|intoleran(?:t|ce)|celiac|coeliac|diabet(?:es|ic)|"
    r"asthma(?:tic)?|epilep(?:sy|tic)|seizures?|hypertension|high blood pressure|heart (?:condition|disease|"
    r"problem)|pacemaker|pregnan(?:t|cy)|kidney|liver disease|cancer|chemo\w*|hiv|hepatitis|"
    r"insulin|metformin|warfarin|blood thinners?|medication|meds|prescri\w+|inhaler|antidepressants?|"
    r"adhd|autis\w+|bipolar|depression|ptsd|ocd|migraines?|disab(?:led|ility)|wheelchair|blind|deaf|"
    r"g6pd|sickle cell|thyroid|crohn'?s|ibs|gluten|shellfish|penicillin|sulfa|latex|"
    r"never|must not|must never|mustn't|under no circumstances|can(?:'t|not) (?:eat|have|drink|take|tolerate)|"
    r"not allowed to (?:eat|have|drink)|do not (?:ever )?give me|don't (?:ever )?give me)\b", _I)
# words in SAFETY_RE that only count when the user talks about themselves / hard constraints
MEDICAL_RE = re.compile(
    r"\b(?:i (?:am|have|take|was diagnosed|got diagnosed|suffer|use|carry|need|can ?not|cannot|must|"
    r"am not allowed|react)|my (?:\w+ )?(?:allergy|allergies|condition|medication|meds|doctor|diagnosis)|"
    r"allergic|intoleran|never|must not|must never|under no circumstances|don't (?:ever )?give|"
    r"do not (?:ever )?give)\b", _I)

PREFERENCE_RE = re.compile(
    r"^i (?:really |absolutely |totally |also |just |kinda |kind of |genuinely |actually )*(?:love|like|enjoy|adore|"
    r"prefer|hate|dislike|detest|despise|can't stand|cannot stand|am into|am a (?:big |huge )?fan of|"
    r"am not a (?:big )?fan of|am obsessed with|am passionate about|am interested in|avoid|"
    r"do not like|don't like|do not enjoy|would rather)\b", _I)

CHANGE_DELETE_RE = re.compile(
    r"\b(?:no longer|not anymore|anymore|any more|stopped|quit|gave up|give up|sold (?:my|our)|"
    r"got rid of|gave away|broke up|divorced|left my|retired from|cancel(?:l)?ed my|"
    r"am not .* anymore|lost my|passed away|died|moved out of)\b", _I)
CHANGE_UPDATE_RE = re.compile(
    r"\b(?:moved to|relocated to|switched to|now|joined|started (?:at|working|a new)|got a (?:new )?job|"
    r"became|got promoted|changed (?:my|to)|new (?:job|role|position)|instead)\b", _I)

FAMILY_SINGLE = {"mother", "mom", "mum", "father", "dad", "wife", "husband", "partner", "boyfriend",
                 "girlfriend", "fiance", "fiancee", "fiancé", "fiancée", "spouse", "boss", "manager",
                 "sister", "brother", "son", "daughter", "grandmother", "grandfather", "grandma",
                 "grandpa", "stepmother", "stepfather", "roommate", "flatmate", "landlord",
                 "therapist", "doctor", "dentist"}
RELATIONS = FAMILY_SINGLE | {"friend", "best friend", "cousin", "colleague", "coworker", "co-worker",
                             "neighbor", "neighbour", "aunt", "uncle", "niece", "nephew", "kid", "kids",
                             "child", "children", "parents", "in-laws", "sibling", "siblings", "team",
                             "teammate", "classmate", "ex", "mentor", "kid's", "baby"}
_REL = r"(?P<rel>best friend|" + "|".join(sorted((re.escape(r) for r in RELATIONS if " " not in r), key=len, reverse=True)) + r")"
PARTNER_WORDS = r"(?:wife|husband|partner|boyfriend|girlfriend|fianc[ée]e?|spouse)"
PET_WORDS = r"(?:dog|puppy|cat|kitten|parrot|bird|rabbit|bunny|hamster|guinea pig|fish|turtle|tortoise|snake|lizard|horse|ferret|gecko)"
ID_NOUNS = r"(?:code|number|password|passcode|pin|id|address|email|e-mail|birthday|anniversary|size|blood type|handle|username|plate|locker|zip ?code|postcode)"

# tokens that end a slot value
_VALUE_STOP_RE = re.compile(
    r"\s+(?:in (?=\d{4}|the week|january|february|march|april|may|june|july|august|september|october|"
    r"november|december)|on (?=\d{4}-)|since|for(?= \w+ (?:years?|months?|weeks?|days?)\b)|with|because|"
    r"as|now|these days|currently|anymore|from|after|before|when|where|which|who|but|so|last|next|this|"
    r"during|until|till|by|around|right now|at the moment|lol|haha|though|too|also|again|originally|"
    r"and(?= [a-z])|,|;|\()", _I)


# --------------------------------------------------------------------------- helpers

def _norm(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u2014", " - ").replace("\u2013", " - ")
    return re.sub(r"[ \t]+", " ", text)


_ABBR = r"(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)(?<!\bvs)(?<!\bJr)(?<!\bSr)(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bNo)"
_SENT_SPLIT_RE = re.compile(r"(?:\n+|" + _ABBR + r"(?<=[.!?])[\"')\]]*\s+)")


def _sentences(text: str) -> list[str]:
    parts = _SENT_SPLIT_RE.split(text)
    out = []
    for p in parts:
        if p is None:
            continue
        p = p.strip(" \t-*•>")
        if p:
            out.append(p)
    return out


_SUBJ = r"(?:i|i'm|i've|i'd|i'll|im|ive|my|we|we're|we've|our|me and|she|he|they|it's)\b"
_CLAUSE_VERBS = (r"(?:joined|moved|started|switched|quit|left|bought|sold|got|became|adopted|relocated|"
                 r"now|also|live|work|love|like|have|had|went|am|was|hate|enjoy|prefer|run|ran|"
                 r"stopped|gave|turned|graduated|married|retired|changed)\b")
_CLAUSE_SPLIT_RE = re.compile(
    r"\s*;\s*|\s*,\s+(?=(?:and )?(?:please|pls)\b)|\s*,?\s+(?:and|but|so|plus)\s+(?=" + _SUBJ + r"|" + _CLAUSE_VERBS + r")"
    r"|\s*,\s+(?=" + _SUBJ + r")|\s*,\s+(?=(?:do|does|did|can|could|would|will|is|are|what|where|when|"
    r"how|why|who|any)\s+\w+)|\s+-\s+(?=" + _SUBJ + r")|\s*:\s+(?=" + _SUBJ + r")", _I)
_SUBORDINATE_START_RE = re.compile(r"^(?:when|while|because|although|though|since|after|before|as|if|"
                                   r"once|whenever|unless|even though|what if|suppose)\b", _I)


def _clauses(sentence: str) -> list[str]:
    if _SUBORDINATE_START_RE.match(sentence):
        # "When I was a kid, I lived in Kerala" / "If I ever get a cat, I'll ...": keep whole
        return [sentence]
    parts = [p.strip() for p in _CLAUSE_SPLIT_RE.split(sentence) if p and p.strip()]
    out: list[str] = []
    for p in parts:
        if out and re.match(r"^(?:my|our)\s+[\w'-]+(?:\s+[\w'-]+)?$", out[-1], _I) and re.match(r"^i\b", p, _I):
            out[-1] = out[-1] + " and " + p  # "my partner and I bought ..."
            continue
        if out and re.match(_CLAUSE_VERBS, p, _I) and not re.match(_SUBJ, p, _I):
            prev = out[-1]
            if re.match(r"^(?:i|i'm|i've)\b", _strip_fillers(prev), _I) or prev.lower().startswith(("i ", "i'")):
                p = "I " + p
            else:
                out[-1] = prev + " and " + p
                continue
        out.append(p)
    return out


def _strip_fillers(s: str) -> str:
    prev = None
    while prev != s:
        prev = s
        s = FILLER_RE.sub("", s).strip()
    return s


_CONTRACTIONS = [
    (r"\bi'm\b", "I am"), (r"\bim\b", "I am"), (r"\bi've\b", "I have"), (r"\bive\b", "I have"),
    (r"\bi'll\b", "I will"),
    (r"\bi'd\s+(?=(?:been|had|gone|done|seen|never|already|just|lived|worked|moved|met|visited)\b)", "I had "),
    (r"\bi'd\b", "I would"), (r"\bcan't\b", "cannot"), (r"\bcant\b", "cannot"), (r"\bwon't\b", "will not"),
    (r"\bain't\b", "am not"), (r"\bdont\b", "do not"), (r"\bdoesnt\b", "does not"), (r"\bdidnt\b", "did not"),
    (r"\bisnt\b", "is not"), (r"\bwasnt\b", "was not"), (r"\bhaven't\b", "have not"),
    (r"\b(do|does|did|is|are|was|were|has|had|would|could|should|must|need|might)n't\b", r"\1 not"),
    (r"\bwe're\b", "we are"), (r"\bwe've\b", "we have"), (r"\bwe'll\b", "we will"), (r"\bwe'd\b", "we would"),
    (r"\bit's been\b", "it has been"), (r"\bit's\b", "it is"), (r"\bthat's\b", "that is"),
    (r"\bthey're\b", "they are"), (r"\bthere's\b", "there is"), (r"\bhe's\b", "he is"), (r"\bshe's\b", "she is"),
    (r"\bgonna\b", "going to"), (r"\bwanna\b", "want to"),
]
_CONTRACTIONS_RE = [(re.compile(a, _I), b) for a, b in _CONTRACTIONS]


def _expand(s: str) -> str:
    for rx, rep in _CONTRACTIONS_RE:
        s = rx.sub(rep, s)
    return s


_PRESENT_ED = {"need", "feed", "bleed", "breed", "speed", "proceed", "succeed", "exceed", "shed", "wed",
               "heed", "plead", "embed", "shred", "seed", "weed", "bed", "red"}


def _third_person_verb(v: str) -> str:
    lv = v.lower()
    special = {"am": "is", "have": "has", "do": "does", "go": "goes", "be": "is", "'m": "is"}
    if lv in special:
        return special[lv]
    if lv in MODALS or lv in IRREGULAR_PAST or lv in NOT_VERBS or (lv.endswith("ed") and lv not in _PRESENT_ED):
        return v
    if not lv.isalpha() or len(lv) < 2:
        return v
    if lv.endswith("s") and not lv.endswith("ss"):
        return v
    if re.search(r"(?:ss|sh|ch|x|z|o)$", lv):
        return v + "es"
    if re.search(r"[^aeiou]y$", lv):
        return v[:-1] + "ies"
    return v + "s"


_PRON_RE = re.compile(r"\b(?:(?P<i>[Ii])\b(?P<adv>(?:\s+(?:" + "|".join(sorted(ADVERBS)) + r"|no longer))*)"
                      r"(?:\s+(?P<verb>[A-Za-z'-]+))?|(?P<p>(?i:me|my|mine|myself|we|our|ours|us|ourselves)))\b")


def to_third_person(s: str) -> str:
    """Rewrite a first-person clause in the third person ("I live in Pune" -> "User lives in Pune")."""
    s = _expand(s)
    state = {"subj": False}

    def sub(m: re.Match) -> str:
        start = m.start()
        before = s[:start].rstrip().lower()
        if m.group("i"):
            if m.group("i") == "i" and s[m.end("i"):m.end("i") + 1] == ".":
                return m.group(0)  # "i.e."
            verb = m.group("verb")
            adv = m.group("adv") or ""
            if before.endswith(("and", "or", "than", "as")) or verb is None:
                out = "User" + adv + ((" " + verb) if verb else "")
            else:
                out = "User" + adv + " " + _third_person_verb(verb)
            state["subj"] = True
            return out
        p = m.group("p")
        lp = p.lower()
        if lp == "us" and p == "US":
            return p
        if lp in ("me",):
            return "them" if state["subj"] else "User"
        if lp == "myself":
            return "themselves" if state["subj"] else "User"
        if lp in ("my", "our"):
            if state["subj"]:
                return "their"
            state["subj"] = True
            return "User's"
        if lp in ("mine", "ours"):
            return "theirs" if state["subj"] else "User's"
        if lp == "we":
            state["subj"] = True
            return "User and family"
        if lp == "us":
            return "them" if state["subj"] else "User and family"
        if lp == "ourselves":
            return "themselves"
        return p

    out = _PRON_RE.sub(sub, s)
    return _finish(out)


def _finish(s: str) -> str:
    s = s.strip().strip(" ,;:-")
    s = re.sub(r"[.!?…]+$", "", s).strip()
    s = re.sub(r"\s+([,;:])", r"\1", s)
    s = re.sub(r"\s{2,}", " ", s)
    s = re.sub(r"\s*(?::\)|:-\)|:\(|;\)|:D|<3|xD)\s*$", "", s)
    if s and s[0].islower():
        s = s[0].upper() + s[1:]
    return s


def _clean_value(v: str) -> str:
    v = v.strip()
    m = _VALUE_STOP_RE.search(" " + v)
    if m:
        v = (" " + v)[: m.start()].strip()
    v = re.sub(r"[.!?,;:]+$", "", v).strip()
    v = re.sub(r"\s+(?:now|lol|haha|too|btw)$", "", v, flags=_I)
    return v.strip(" \"'")


def _is_propery(v: str) -> bool:
    return bool(v) and (v[0].isupper() or v[0].isdigit())


def _place_ok(v: str) -> bool:
    if not v:
        return False
    lv = v.lower()
    if re.match(r"^(?:a|an|my|our|his|her|their|this|that|some|one)\b", lv):
        return False
    if lv.startswith("the "):
        return _is_propery(v[4:])
    return len(v.split()) <= 5


def _imp(x: float) -> float:
    return max(0.0, min(1.0, round(x, 2)))


# --------------------------------------------------------------------------- slot rules

def _profile(text, key, value, imp, change=None, **kw) -> dict:
    return dict(text=text, kind="profile", importance=imp, key=key, value=value, change=change, **kw)


_NOW_RE = re.compile(r"\b(?:now|these days|nowadays|currently)\b", _I)


def _occupation(phrase: str) -> str | None:
    """'software engineer at Google' -> 'software engineer' when the head noun is an occupation."""
    p = re.split(r"\s+(?:at|for|in|with|from|since|and|but|who|which|,)\b", phrase, maxsplit=1, flags=_I)[0]
    p = p.strip(" .,!").strip()
    words = p.lower().split()
    if not words or len(words) > 5:
        return None
    head = words[-1]
    if head in OCCUPATIONS or re.search(r"(?:ologist|ician|grapher|engineer|developer|manager)$", head):
        return p
    return None


def _user_slots(c: str, raw: str) -> list[dict]:
    """Rules on the expanded, first-person, date-resolved clause `c`. Returns fact dicts."""
    out: list[dict] = []
    lc = c.lower()
    now_cue = bool(_NOW_RE.search(c))

    # --- name
    m = re.match(r"^(?:my name is|my name's|call me|i am called|i go by|people call me|"
                 r"everyone calls me|you can call me)\s+(?P<v>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})", c, _I)
    if m:
        v = _clean_value(m.group("v"))
        if v:
            v = v[0].upper() + v[1:]
            return [_profile(f"User's name is {v}", "name", v, 0.8,
                             "update" if now_cue else None)]
    m = re.match(r"^[Ii] am (?P<v>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)\s*$", c)
    if m and m.group("v").split()[0].lower() not in DEMONYMS:
        v = m.group("v")
        return [_profile(f"User's name is {v}", "name", v, 0.8)]

    # --- age
    m = re.match(r"^i (?:am|just turned|turned|will turn|am turning)\s+(?:now\s+)?(?P<v>\d{1,3})(?:\s+years?\s+old|\s+yo|\s+y/o)?"
                 r"(?:\s+(?:today|now|on \d{4}-\d\d-\d\d|this year|in \d{4}))?\s*$", c, _I)
    if m and 0 < int(m.group("v")) < 120:
        v = m.group("v")
        ch = "update" if re.search(r"\bturned\b", lc) or now_cue else None
        if re.search(r"\bwill turn|turning\b", lc):
            return []  # plan-ish; handled as plan by caller
        return [_profile(f"User is {v} years old", "age", v, 0.7, ch)]

    # --- diet
    m = re.match(r"^i (?:am|have been|have always been|became|went|turned|was raised|am now|have gone)\s+"
                 r"(?:now\s+|a\s+|an\s+|fully\s+|strictly\s+|mostly\s+|completely\s+)*(?P<v>" + DIETS + r")\b(?P<rest>.*)$", c, _I)
    if m and not re.search(r"\bnot\b", lc):
        v = m.group("v").lower()
        stative = re.match(r"^i (?:am|have been|have always been)\b", c, _I) and not now_cue
        ch = None if stative else "update"
        text = to_third_person(raw) if stative and m.group("rest").strip() else f"User is {v}"
        return [_profile(text, "diet", v, 0.8, ch)]
    if re.match(r"^i (?:am not|am no longer|am not a|stopped being|quit being|gave up being)\s+(?:a\s+|an\s+)?" + DIETS, c, _I) \
            and re.search(r"\b(?:anymore|any more|no longer|stopped|quit|gave up)\b", lc):
        v = re.search(DIETS, c, _I).group(0).lower()
        return [_profile(f"User is no longer {v}", "diet", None, 0.8, "delete")]
    if re.match(r"^i (?:no longer eat|stopped eating|quit eating|gave up|do not eat|cut out|cut)\s+(?:red\s+)?meat\b", c, _I) \
            and (re.search(r"\b(?:no longer|stopped|quit|gave up|anymore|cut)\b", lc) or True):
        ch = "update" if re.search(r"\b(?:no longer|stopped|quit|gave up|anymore|cut|now)\b", lc) else None
        return [_profile("User does not eat meat", "diet", "no meat", 0.8, ch)]

    # --- home city
    m = re.match(r"^i (?:just |recently |finally |have |had )*(?:moved|relocated|moved back|came back)\s+(?:back\s+)?to\s+(?P<v>.+)$", c, _I)
    if m:
        v = _clean_value(m.group("v"))
        if _place_ok(v):
            return [_profile(f"User lives in {v}", "home_city", v, 0.75, "update")]
    m = re.match(r"^i (?:now |currently |still |also )*(?:live|reside|stay|have lived|have been living|am living|"
                 r"am based|am located|am now based|am now living|am settled)\s+(?:now\s+)?in\s+(?P<v>.+)$", c, _I)
    if m:
        v = _clean_value(m.group("v"))
        if _place_ok(v):
            return [_profile(f"User lives in {v}", "home_city", v, 0.75, "update" if now_cue else None)]
    m = re.match(r"^i am (?:originally )?from\s+(?P<v>.+)$|^i (?:grew up|was born and raised|was raised) in\s+(?P<w>.+)$", c, _I)
    if m:
        v = _clean_value(m.group("v") or m.group("w"))
        if _place_ok(v):
            return [_profile(f"User is from {v}", "hometown", v, 0.65)]
    m = re.match(r"^i (?:moved out of|left)\s+(?P<v>[A-Z][\w .'-]+)$", c)
    if m and not re.search(r"\b(?:job|company|team)\b", lc):
        pass  # fall through to employer rule below ("I left Infosys")

    # --- employer (+ job title)
    m = re.match(r"^i (?P<pre>(?:now |currently |still |also |just |recently )*)(?:work|am working|have been working|"
                 r"have worked|am employed|am)\s+(?:now\s+)?(?:at|for|with|by)\s+(?P<v>.+)$", c, _I)
    if m and not re.match(r"^i am (?:at|with|by)\b", c, _I):
        rest = m.group("v")
        v = _clean_value(rest)
        if v and v.lower() not in ("myself", "home", "the moment", "a living"):
            ch = "update" if now_cue else None
            facts = [_profile(f"User works at {v}", "employer", v, 0.75, ch)]
            t = re.search(r"\bas (?:a |an |the )?(?P<t>[\w -]+)$", rest, _I)
            if t:
                title = _clean_value(t.group("t"))
                if title:
                    facts.append(_profile(f"User is {_a(title)}", "job_title", title, 0.7, ch))
            return facts
        if v and v.lower() == "myself":
            return [_profile("User is self-employed", "employer", "self-employed", 0.75, "update" if now_cue else None)]
    m = re.match(r"^i (?:just |recently |finally )*(?:joined|started (?:working )?at|started (?:working )?for|"
                 r"got (?:a |an )?(?:new )?(?:job|offer|position|role) (?:at|with)|got hired (?:at|by)|"
                 r"accepted (?:a |an )?(?:job|offer|position) (?:at|with|from)|started (?:a |my )?new (?:job|role) at|"
                 r"switched (?:jobs? )?to)\s+(?P<v>.+)$", c, _I)
    if m:
        rest = m.group("v")
        v = _clean_value(rest)
        if _is_propery(v) and not re.match(r"^switched to", c[2:], _I) or (v and re.search(r"\b(?:job|position|role|offer|hired)\b", lc)):
            facts = [_profile(f"User works at {v}", "employer", v, 0.75, "update")]
            t = re.search(r"\bas (?:a |an |the )?(?P<t>[\w -]+)$", rest, _I)
            if t and _clean_value(t.group("t")):
                title = _clean_value(t.group("t"))
                facts.append(_profile(f"User is {_a(title)}", "job_title", title, 0.7, "update"))
            return facts
    m = re.match(r"^i am no longer (?:working|employed) (?:at|for|with|by)\s+(?P<v>.+)$", c, _I)
    if m and _clean_value(m.group("v")):
        v = _clean_value(m.group("v"))
        return [_profile(f"User no longer works at {v}", "employer", v, 0.7, "delete")]
    m = re.match(r"^i (?:just |recently |finally )*(?:quit|left|resigned from|was laid off from|got laid off from|"
                 r"got fired from|was fired from|retired from|lost)\s+(?P<v>.+)$", c, _I)
    if m:
        v = _clean_value(m.group("v"))
        if re.match(r"^my (?:job|position|role|work)\b", v, _I):
            at = re.search(r"\bat\s+(?P<e>.+)$", m.group("v"), _I)
            e = _clean_value(at.group("e")) if at else None
            return [_profile(f"User left their job at {e}" if e else "User quit their job", "employer", e, 0.7, "delete")]
        if _is_propery(v) and not re.match(r"^(?:I|My)\b", v):
            return [_profile(f"User left {v}", "employer", v, 0.7, "delete")]
    m = re.match(r"^i (?:am now|am|work as|now work as|have been working as|became|just became|got promoted to|"
                 r"was promoted to|am working as)\s+(?:a |an |the )?(?P<v>.+)$", c, _I)
    if m:
        occ = _occupation(m.group("v"))
        if occ:
            ch = "update" if re.search(r"\b(?:became|promoted|now)\b", lc) else None
            facts = [_profile(f"User is {_a(occ)}", "job_title", occ, 0.7, ch)]
            at = re.search(re.escape(occ) + r"\s+(?:at|for)\s+(?P<e>.+)$", m.group("v"), _I)
            if at:
                e = _clean_value(at.group("e"))
                if e:
                    facts.append(_profile(f"User works at {e}", "employer", e, 0.75, ch))
            return facts

    # --- partner
    m = re.match(r"^my (?P<r>" + PARTNER_WORDS + r")(?:'s name)? is (?:called |named )?(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", c)
    if m:
        v = m.group("v")
        r = m.group("r").lower()
        return [_profile(f"User's {r} is {v}", "partner", v, 0.75)]
    m = re.match(r"^i (?:am|just got|got) (?:married|engaged) to\s+(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", c) or \
        re.match(r"^i (?:married|am dating|started dating|am seeing)\s+(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", c)
    if m:
        v = m.group("v")
        ch = "update" if re.search(r"\b(?:got|married|started)\b", lc) and "am married" not in lc else None
        return [_profile(f"User's partner is {v}", "partner", v, 0.75, ch)]
    m = re.match(r"^(?:i|we) (?:broke up|split up|divorced|separated|got divorced)(?:\s+(?:with|from)\s+(?P<v>[A-Z][\w'-]*))?", c, _I)
    if m:
        v = m.group("v")
        return [_profile(f"User broke up with {v}" if v else "User is no longer with their partner", "partner", None, 0.7, "delete")]

    # --- favorites
    m = re.match(r"^my (?:all[- ]time |absolute )?favou?rite (?P<k>[a-z][a-z ]{1,30}?) (?:is|are|has to be)\s+(?P<v>.+)$", c, _I)
    if m:
        k = re.sub(r"\s+", "_", m.group("k").strip().lower())
        v = _clean_value(m.group("v"))
        if v:
            return [_profile(f"User's favorite {m.group('k').strip().lower()} is {v}", f"favorite_{k}", v, 0.6,
                             "update" if now_cue else None)]

    # --- identifiers ("my locker code is 4412", "my birthday is on 1990-06-12")
    m = re.match(r"^my (?P<k>(?:[a-z-]+ ){0,2}" + ID_NOUNS + r")(?: number)? (?:is|are|was changed to|changed to)\s+(?:on\s+)?(?P<v>.+)$", c, _I)
    if m:
        k = re.sub(r"[\s-]+", "_", m.group("k").strip().lower())
        v = m.group("v").strip().rstrip(".!")
        v = re.sub(r"\s+(?:now|lol|btw)$", "", v, flags=_I)
        return [_profile(f"User's {m.group('k').strip().lower()} is {v}", k, v, 0.7,
                         "update" if now_cue or "changed" in lc else None)]

    # --- car
    m = re.match(r"^i (?:sold|got rid of|gave away|totaled|crashed|wrecked) (?:my|our) (?P<v>car|truck|bike|motorcycle|scooter|van|suv|[A-Z]\w+)\b", c, _I)
    if m:
        return [dict(text=to_third_person(raw), kind="episodic", importance=0.5, key="car", value=None,
                     change="delete")]
    m = re.match(r"^i (?:drive|own|have) (?:a|an) (?P<v>(?:[A-Z][\w-]*|\d{4})(?:\s+[\w-]+){0,3})$", c)
    if m and not re.search(PET_WORDS, c, _I):
        v = _clean_value(m.group("v"))
        return [_profile(f"User drives {_a(v)}", "car", v, 0.6)]
    m = re.match(r"^i (?:just |finally )?bought (?:a |an )(?:new |used )?(?P<v>car|(?:[A-Z][\w-]*)(?:\s+[\w-]+){0,3})$", c)
    if m and (m.group("v") == "car" or re.search(r"\b(?:tesla|toyota|honda|ford|bmw|audi|mercedes|hyundai|kia|"
                                                 r"volkswagen|vw|subaru|mazda|nissan|volvo|jeep|chevy|chevrolet|"
                                                 r"porsche|tata|maruti|mahindra|skoda|renault|peugeot|fiat|lexus|rivian)\b",
                                                 m.group("v"), _I)):
        v = _clean_value(m.group("v"))
        return [_profile(f"User drives {_a(v)}", "car", v, 0.6, "update")]

    # --- pets
    m = re.match(r"^i (?:have|own|got|adopted|just got|just adopted|have got)\s+(?:a|an|two|three|\d+)\s+(?:\w+\s+)?(?P<s>" + PET_WORDS + r")s?"
                 r"(?:\s+(?:named|called)\s+(?P<n>[A-Z][\w'-]*))?", c, _I)
    if m:
        s = m.group("s").lower()
        n = m.group("n")
        ch = "update" if re.search(r"\b(?:got|adopted)\b", lc) else None
        return [dict(text=to_third_person(raw), kind="profile", importance=0.65, key=f"pet.{s}",
                     value=n or "yes", change=ch)]
    m = re.match(r"^my (?P<s>" + PET_WORDS + r")(?:\s+[A-Z]\w*)?\s+(?:died|passed away|ran away|is gone|was put down)", c, _I) or \
        re.match(r"^i (?:lost|gave away|rehomed|no longer have)\s+(?:my|our)\s+(?P<s>" + PET_WORDS + r")", c, _I)
    if m:
        s = m.group("s").lower()
        return [dict(text=to_third_person(raw), kind="episodic", importance=0.6, key=f"pet.{s}",
                     value=None, change="delete")]
    return out


def _a(noun: str) -> str:
    if re.match(r"^(?:a|an|the)\b", noun, _I) or noun[:1].isupper() and not re.match(r"^[A-Z]{2,}", noun):
        return noun if re.match(r"^(?:a|an|the)\b", noun, _I) else noun
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


_OTHER_SLOT_RES = [
    (re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))? (?:lives|is living|has lived|stays|resides|is based|is now based|now lives|just moved|moved|relocated|has moved)\s+(?:back\s+)?(?:in|to)\s+(?P<v>.+)$", _I), "home_city"),
    (re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))? (?:works|is working|now works|has worked|just started|started|joined|is employed)\s+(?:at|for|with)?\s*(?P<v>.+)$", _I), "employer"),
    (re.compile(r"^my " + _REL + r"(?:'s name)? is (?:called |named )?(?P<v>[A-Z][\w'-]*)$"), "name"),
]


def _other_slots(c: str, raw: str) -> list[dict]:
    if re.match(r"^my " + PARTNER_WORDS + r"(?:'s name)? is (?:called |named )?[A-Z]", c):
        return _user_slots(c, raw)
    for rx, slot in _OTHER_SLOT_RES:
        m = rx.match(c)
        if not m:
            continue
        rel = m.group("rel").lower().replace(" ", "_")
        v = _clean_value(m.group("v"))
        if slot == "home_city" and not _place_ok(v):
            continue
        if slot == "employer" and not v:
            continue
        ch = "update" if re.search(r"\b(?:moved|relocated|now|joined|started)\b", c, _I) else None
        named = m.groupdict().get("n")
        single = m.group("rel").lower() in FAMILY_SINGLE and not named
        text = to_third_person(raw)
        if single:
            return [dict(text=text, kind="profile", importance=0.6, key=f"{rel}.{slot}", value=v, change=ch)]
        return [dict(text=text, kind="semantic", importance=0.55, key=None, value=None, change=None)]
    return []


# --------------------------------------------------------------------------- classification

def _first_person(s: str) -> bool:
    return bool(re.search(r"\b(?:i|i'm|i've|i'd|i'll|im|ive|me|my|mine|myself|we|we're|we've|our|ours|us)\b", s, _I)) \
        and not re.fullmatch(r"\s*us\s*", s)


def _is_greeting(s: str) -> bool:
    words = re.findall(r"[a-z']+", s.lower())
    if not words:
        return not re.search(r"\d", s)  # pure punctuation / emoji
    return all(w in GREETING_WORDS for w in words)


def _procedural(c: str) -> tuple[str, bool] | None:
    """Instruction to the assistant that should persist. Returns (text, hard_constraint)."""
    s = re.sub(r"^(?:(?:please|pls|plz|kindly|also|and)\s+)+", "", c, flags=_I)
    s = re.sub(r"^(?:(?:can|could|would|will) you(?: please)?|i (?:want|need|would like|'d like) you to|"
               r"make sure (?:you|to)|remember to|be sure to)\s+", "", s, flags=_I)
    s = re.sub(r"^(?:from now on|going forward|moving forward|in (?:the )?future|by default|in general)\s*,?\s*", "", s, flags=_I)
    s = re.sub(r"^(?:please|pls|kindly)\s+", "", s, flags=_I)
    first = (s.split() or [""])[0].lower().strip(",")
    if first not in IMPERATIVE_VERBS:
        return None
    if first == "call" and re.match(r"^call me\s+[A-Z]", s):
        return None  # name
    cue = bool(RULE_CUE_RE.search(c))
    style = bool(STYLE_RE.search(s))
    negated = first in ("don't", "never") or s.lower().startswith(("do not ", "don't ever"))
    if not (cue or style or (negated and first != "never" and _first_person(s) is False and len(s.split()) <= 8)
            or first in ("always", "never")):
        return None
    hard = bool(re.search(r"\b(?:never|must not|must never|under no circumstances|do not ever|don't ever)\b", c, _I))
    body = _expand(s)
    body = re.sub(r"[.!]+$", "", body).strip()
    body_tp = _object_pronouns(body)
    m = re.match(r"^(?:do not|don't)\s+(?:ever\s+)?(?P<rest>.+)$", body_tp, _I)
    if m:
        return f"User does not want the assistant to {m.group('rest')}", hard
    return f"User wants the assistant to {body_tp[0].lower() + body_tp[1:]}", hard


def _object_pronouns(s: str) -> str:
    s = re.sub(r"\bme\b", "them", s, flags=_I)
    s = re.sub(r"\bmy\b", "their", s, flags=_I)
    s = re.sub(r"\bmyself\b", "themselves", s, flags=_I)
    s = re.sub(r"\bI am\b", "they are", s)
    s = re.sub(r"\bI\b", "they", s)
    return s


_EXPLICIT_RE = re.compile(
    r"^(?:(?:please|pls|plz|hey|oh|also|and|btw|ok|okay|so|just|i want you to|i need you to|"
    r"can you|could you|would you|will you|make sure (?:you|to)|you should|always)[,\s]+)*"
    r"(?:remember|memori[sz]e|don't forget|do not forget|never forget|note|make a note|take note|"
    r"keep in mind|save|store|for the record)"
    r"(?:\s+(?:that|this|of this|the fact that)\b|\s+this\s*:|\s*:|\s*,|\s*-)?\s*", _I)


def _explicit(sentence: str) -> str | None:
    m = _EXPLICIT_RE.match(sentence)
    if not m:
        return None
    rest = sentence[m.end():].strip()
    # "note" / "save" / "store" only count with "that"/":" ("note the date" is a request)
    head = m.group(0).lower()
    if re.search(r"\b(?:note|save|store)\b", head) and not re.search(r"(?:that|this|:|-|,)\s*$", head.strip()):
        return None
    if re.search(r"\bremember\b", head) and re.match(r"^(?:when|how|what|who|where|why|if)\b", rest, _I):
        return None  # "remember when we ...?"
    return rest or None


def _classify_discard(c: str, lc: str) -> str | None:
    if _is_greeting(c):
        return "greeting"
    if re.match(r"^(?:(?:can|could|would|will)\s+(?:you|u)|please|pls)\b(?!\s+(?:don't|do not|never|always|stop)\b)", c, _I) \
            and not RULE_CUE_RE.search(c) \
            and not STYLE_RE.search(c):
        return "request"
    if c.rstrip().endswith("?") or QUESTION_START_RE.match(c):
        return "question"
    if HYPOTHETICAL_RE.match(c) or HYPOTHETICAL_ANY_RE.search(c) or CONDITIONAL_MODAL_RE.search(c):
        return "hypothetical"
    if TRANSIENT_RE.match(_expand(c).rstrip(" .!")) and not re.search(r"\bi am (?:a|an)\b", lc):
        return "transient state"
    if re.match(r"^(?:i am|i'm|im)\b", lc) and TRANSIENT_NOW_RE.search(c.rstrip(" .!")) \
            and not re.search(r"\b(?:work|working|live|living|based|studying|learning|training)\b", lc):
        return "transient state"
    return None


def _kind_for(c_exp: str, event_date: datetime | None, now: datetime) -> tuple[str, float]:
    lc = c_exp.lower()
    if PREFERENCE_RE.match(c_exp):
        return "semantic", 0.55
    past = bool(re.match(r"^(?:i|we|my \w+(?: \w+)?)\s+(?:(?:" + "|".join(ADVERBS) + r")\s+)*(?:\w+ed|"
                         + "|".join(sorted(IRREGULAR_PAST)) + r")\b", lc)) and not re.match(
        r"^i (?:\w+ )?(?:grew up|was born|graduated|studied|used to|lived|learned|learnt)\b", lc)
    if event_date is not None:
        return "episodic", 0.5
    if past:
        return "episodic", 0.45
    if re.match(r"^i (?:am|have) (?:a|an)\b", lc) or re.search(r"\bmy \w+", lc):
        return "semantic", 0.6
    return "semantic", 0.55


# --------------------------------------------------------------------------- main entry

def _discard(ex: Extraction, clause: str, reason: str) -> None:
    ex.discarded.append(Discard(clause=clause.strip(), reason=reason))


def _mk(d: dict, clause: str, event_date, explicit: bool) -> Fact:
    imp = d.get("importance", 0.5)
    safety = d.get("safety", False)
    if explicit:
        imp = max(imp, 0.8)
    return Fact(text=_finish(d["text"]), kind=d["kind"], importance=_imp(imp),
                source="explicit" if explicit else "stated", key=d.get("key"), value=d.get("value"),
                change=d.get("change"), event_date=event_date, clause=clause.strip(), safety=safety)


def _extract_clause(clause: str, now: datetime, explicit: bool, ex: Extraction) -> None:
    raw = _strip_fillers(clause.strip().strip("\"'"))
    raw = re.sub(r"^(?:that|to)\s+(?=(?:i|my|we|our)\b)", "", raw, flags=_I)
    if not raw or not re.search(r"\w", raw):
        if not explicit:
            _discard(ex, clause, "greeting")
        return
    lc = raw.lower()

    if not explicit:
        reason = _classify_discard(raw, lc)
        if reason:
            _discard(ex, clause, reason)
            return
    elif raw.rstrip().endswith("?"):
        _discard(ex, clause, "question")
        return

    # procedural rules (before the request filter: "please keep answers short from now on")
    proc = _procedural(raw)
    if proc:
        text, hard = proc
        resolved, ed = resolve_dates(text, now)
        imp = 0.9 if hard else 0.7
        ex.facts.append(_mk(dict(text=resolved, kind="procedural", importance=imp, safety=hard),
                            clause, ed, explicit))
        return

    if not explicit:
        first = (lc.split() or [""])[0].strip(",")
        if REQUEST_RE.match(raw) or (first in IMPERATIVE_VERBS and not re.match(r"^call me\s+[A-Z]", raw)):
            _discard(ex, clause, "request")
            return
        if not _first_person(raw):
            _discard(ex, clause, "small talk" if WEATHER_RE.search(raw) or len(raw.split()) <= 3 else "not about the user")
            return
        if WEATHER_RE.search(raw) and re.match(r"^(?:it|it's|it is|the weather|what|so|such)\b", lc):
            _discard(ex, clause, "small talk")
            return

    resolved, ed = resolve_dates(raw, now)
    exp = _expand(resolved)
    # "to buy milk" after "remember": a reminder
    if explicit and re.match(r"^to\s+\w+", exp, _I):
        exp = "I need " + exp
        resolved = exp

    masked = re.sub(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
                    r"December)\b", "", exp)
    plan = bool(PLAN_RE.search(masked)) and not re.match(r"^i (?:will|would) (?:always|never)\b", exp, _I)
    if re.match(r"^(?:my|i)\b.*\b(?:is|are)\s+(?:on|during)\s+\d{4}-", exp, _I):
        plan = False  # "my exam is on 2026-03-13": a dated event, not a plan
    is_safety = bool(SAFETY_RE.search(exp)) and bool(MEDICAL_RE.search(exp)) and not re.search(
        r"\b(?:my|i)\b.*\b(?:never)\b.*\b(?:been|seen|tried|visited|watched|read|played|met|liked)\b", exp, _I)

    facts: list[dict] = []
    if not plan:
        if re.match(r"^(?:i|my|call me)\b", exp, _I):
            facts = _other_slots(exp, resolved) if re.match(r"^my " + _REL + r"\b", exp, _I) else []
            if not facts and not re.match(r"^my " + _REL + r"\b", exp, _I):
                facts = _user_slots(exp, resolved)

    if not facts:
        text = to_third_person(resolved)
        if plan:
            facts = [dict(text=text, kind="episodic", importance=0.3)]
        elif is_safety:
            facts = [dict(text=text, kind="semantic", importance=0.9, safety=True)]
        else:
            kind, imp = _kind_for(exp, ed, now)
            change = None
            if CHANGE_DELETE_RE.search(exp) and _first_person(raw):
                change = "delete"
            elif re.search(r"\b(?:switched to|now|instead|changed to)\b", exp, _I) and _first_person(raw):
                change = "update"
            facts = [dict(text=text, kind=kind, importance=imp, change=change)]
    for d in facts:
        if is_safety and not plan:
            d["safety"] = True
            d["importance"] = max(d.get("importance", 0), 0.9)
        ex.facts.append(_mk(d, clause, ed, explicit))


def extract_facts(text: str, now: datetime, role: str = "user") -> Extraction:
    """Extract atomic third-person facts from one message said at `now` by `role`."""
    ex = Extraction(facts=[], discarded=[])
    if not text or not str(text).strip():
        return ex
    text = _norm(str(text))
    if (role or "user").lower() != "user":
        for s in _sentences(text)[:50] or [text]:
            _discard(ex, s, "not from the user")
        return ex
    for sentence in _sentences(text):
        stripped = _strip_fillers(sentence)
        rest = _explicit(stripped)
        explicit = rest is not None
        if explicit:
            sentence_body = rest
            if re.match(r"^(?:\W*\w+\W+){0,3}?(?:can|could|would|will) you\b", stripped, _I):
                sentence_body = rest.rstrip(" ?")  # "can you remember that ...?" is not a question
        else:
            sentence_body = sentence
            if _is_greeting(stripped) or not stripped:
                _discard(ex, sentence, "greeting")
                continue
            if HYPOTHETICAL_RE.match(stripped):
                _discard(ex, sentence, "hypothetical")
                continue
        for clause in _clauses(sentence_body):
            try:
                _extract_clause(clause, now, explicit, ex)
            except Exception:  # defensive: a rule bug must never lose the message
                _discard(ex, clause, "unparsed")
    _resolve_message_conflicts(ex)
    _dedupe(ex)
    return ex


def _resolve_message_conflicts(ex: Extraction) -> None:
    updated = {f.key for f in ex.facts if f.key and f.change in (None, "update") and f.value}
    for f in ex.facts:
        if f.change == "delete" and f.key in updated:
            f.change = None
            f.key = None
            f.value = None
            f.kind = "episodic"


def _dedupe(ex: Extraction) -> None:
    seen: set[str] = set()
    out = []
    for f in ex.facts:
        k = f.text.lower()
        if k in seen or not f.text:
            continue
        seen.add(k)
        out.append(f)
    ex.facts = out
