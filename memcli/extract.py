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
- Every remaining delete is followed by an episodic twin with the same text and no
  key/change ("User quit keto", "User sold their Honda during the week of ..."): the
  delete retires the old record, the twin keeps the event. A keyed delete carries the
  value it ends (``value="keto"``); the write path only retires a slot that holds it
  ("I graduated" -> job_title delete with value "student" never retires "nurse").
- A profile update said with a day- or week-precise date keeps it in the text:
  "I started my job at Stripe on Monday" -> "User works at Stripe (since 2026-06-29)".

Other people:

- "Niamh is from Galway": a sentence whose subject is a capitalised name and whose
  predicate is something said of a person (is from, works, lives, is a <occupation>,
  ...) is kept as that person's fact, kind semantic, never with a key or change cue.
- People the user introduces ("my cousin Rachel", "my girlfriend is called Niamh",
  "a daughter named Lucia") are tracked within the message: "She lives in Denver"
  becomes "User's cousin Rachel lives in Denver" (the last person named; nothing is
  guessed when no one was named). ``extract_facts(..., people=known_people(texts))``
  extends this across messages from stored facts.
- Change cues in a sentence about someone else ("my sister quit her job") never
  retire the user's records; transient states of others are discarded too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from .dates import resolve_dates

__all__ = ["Fact", "Discard", "Extraction", "extract_facts", "known_people", "resolve_dates", "to_third_person"]


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
WEEKDAY_WORDS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTH_WORDS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
               "november", "december")

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
    "firefighter", "policeman", "policewoman", "cop", "soldier", "driver", "translator", "interpreter", "economist", "banker", "broker", "realtor", "salesman",
    "saleswoman", "salesperson", "recruiter", "secretary", "assistant", "receptionist", "baker",
    "butcher", "tailor", "hairdresser", "barber", "actor", "actress", "dancer", "singer",
    "composer", "producer", "filmmaker", "animator", "illustrator", "entrepreneur", "investor",
    "biologist", "chemist", "physicist", "mathematician", "statistician", "sociologist",
    "historian", "archaeologist", "geologist", "radiologist", "cardiologist", "dermatologist",
    "optometrist", "physiotherapist", "midwife", "caregiver", "nanny", "janitor", "guard",
    "lead", "principal", "dean", "postdoc", "phd", "resident", "fellow", "sre", "devops",
    "undergrad", "undergraduate", "grad", "retiree", "homemaker", "housewife",
    "streamer", "youtuber", "blogger", "podcaster", "influencer", "copywriter", "marketer",
    "strategist", "planner", "auditor", "surveyor", "inspector", "paralegal", "judge",
    "pharmacologist", "epidemiologist", "nutritionist", "dietitian", "chiropractor", "mason",
    "welder", "machinist", "captain", "sailor", "steward", "stewardess", "attendant",
}

DIETS = r"(?:lacto[- ]ovo[- ]vegetarian|lacto[- ]vegetarian|vegetarian|vegan|pescatarian|pescetarian|flexitarian|keto|paleo|gluten[- ]free|dairy[- ]free|halal|kosher|carnivore|plant[- ]based)"

DIETS2 = (r"(?:" + DIETS[3:-1] + r"|low[- ]carb|low[- ]fat|low[- ]sugar|no[- ]sugar|mediterranean|atkins|whole30|dash|"
          r"raw food|juice cleanse|intermittent fasting|calorie[- ]counting|high[- ]protein)")
STUDENT_WORDS = {"student", "undergrad", "undergraduate", "postgrad", "postgraduate", "phd", "postdoc", "grad",
                 "pupil", "apprentice", "trainee", "intern", "candidate"}
DOG_BREEDS = (r"golden retriever|labrador retriever|labrador|retriever|beagle|poodle|terrier|spaniel|collie|"
              r"german shepherd|husky|bulldog|dachshund|corgi|pug|chihuahua|rottweiler|doberman|"
              r"greyhound|whippet|schnauzer|shih tzu|maltese|pomeranian|samoyed|akita|shiba inu|shiba|"
              r"great dane|mastiff|border collie|cockapoo|labradoodle|goldendoodle|sheepdog|pit ?bull|mutt")
CAT_BREEDS = r"siamese|persian|maine coon|ragdoll|sphynx|bengal|tabby|british shorthair|scottish fold"

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
    r"feeling \w+|a bit \w+|under the weather|done for the day|off today|on vacation|on holiday|"
    r"fine|ok|okay|good|great|alright|all right|better|well|sure|unsure|certain|not sure|positive"
)
_INTENS = r"(?:(?:so|really|very|a bit|a little|kinda|kind of|pretty|super|quite|extremely|totally|completely|feeling|just|too|incredibly|rather|somewhat)\s+)*"
TRANSIENT_RE = re.compile(
    r"^(?:i am|i feel|i'm feeling|i am feeling|feeling|i was|i got|getting|i'm getting|i am getting)\s+(?:not\s+)?"
    + _INTENS + r"(?:" + TRANSIENT_ADJ + r")\b(?:\s+(?:today|tonight|right now|now|rn|atm|at the moment|"
    r"this morning|this afternoon|this evening|lately|again|all day|after \w+(?: \w+)?|from \w+(?: \w+)?|"
    r"because .*|cause .*|since .*|lol|haha|tbh|ugh|yet|about (?:it|that|this)|honestly|really|thanks))*$", _I)
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
    "notify", "alert", "refrain", "stick", "respect", "default", "prioritize", "focus",
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
    r"call me|contact me|text me|email me|message me|wake me|blunt|direct|frank|candid|straightforward|"
    r"honest with me|gentle|patient|polite|harsh|brutal|strict|sarcastic|playful|professional|encouraging|"
    r"tough love|sugar-?coat\w*|soften\w*)\b", _I)

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

_CONDITION_RE = re.compile(
    r"\b(?:has|have|had|with|diagnosed with|suffers from)\b.*\b(?:diabet(?:es|ic)|asthma|epilep(?:sy|tic)|seizures|hypertension|"
    r"high blood pressure|heart (?:condition|disease)|celiac|coeliac|crohn'?s|ibs|adhd|autism|bipolar|depression|"
    r"ptsd|ocd|migraines?|thyroid \w+|hypothyroidism|cancer|hiv|hepatitis|sickle cell|g6pd|kidney disease|"
    r"liver disease|arthritis|lupus|multiple sclerosis|parkinson'?s|anemia|anaemia)\b", _I)

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
                 r"stopped|gave|turned|graduated|married|retired|changed|teach|study|play|drive|cook|own|speak|"
                 r"write|paint|volunteer|coach|manage|take|use|need|go|travel|visit|sing|swim|hike|climb|bake|"
                 r"knit|collect|attend|train|practice|practise|support|commute|bike|cycle|walk|rent|share|"
                 r"taught|studied|played|drove|lived|worked|grew|met|started|finished|passed|failed|lost|won|"
                 r"broke|hurt|adopted|sold|earn|make|made|keep|kept|speak|spoke|raise|raised)\b")
_CLAUSE_SPLIT_RE = re.compile(
    r"\s*;\s*|\s*,\s+(?=(?:and |so )?(?:please|pls)\b)|\s*,?\s+(?:and|but|so|plus)\s+(?=" + _SUBJ + r"|" + _CLAUSE_VERBS + r")"
    r"|\s*,\s+(?=" + _SUBJ + r")|\s*,\s+(?=(?:do|does|did|can|could|would|will|is|are|what|where|when|"
    r"how|why|who|any)\s+\w+)|\s+-\s+(?=" + _SUBJ + r")|\s*:\s+(?=" + _SUBJ + r")", _I)
_SUBORDINATE_START_RE = re.compile(r"^(?:when|while|because|although|though|since|after|before|as|if|"
                                   r"once|whenever|unless|even though|what if|suppose)\b", _I)


def _clauses(sentence: str) -> list[str]:
    if _SUBORDINATE_START_RE.match(sentence):
        # "When I was a kid, I lived in Kerala" / "If I ever get a cat, I'll ...": keep whole
        return [sentence]
    # "Marco and I broke up", "my wife Sofia and I have ...": one subject, not two clauses
    sentence = re.sub(r"^((?i:my|our)\s+[\w'-]+(?:\s+[A-Z][\w'-]+)?|(?!(?:So|And|But|Then|Yesterday|Today|Now|Also|Well)\b)"
                      r"[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)\s+(?i:and)\s+(?=[Ii]\b)", "\\1\x01and\x01", sentence)
    parts = [p.strip().replace("\x01", " ") for p in _CLAUSE_SPLIT_RE.split(sentence) if p and p.strip()]
    out: list[str] = []
    for p in parts:
        if out and re.match(r"^(?:my|our)\s+[\w'-]+(?:\s+[\w'-]+)?$", out[-1], _I) and re.match(r"^i\b", p, _I):
            out[-1] = out[-1] + " and " + p  # "my partner and I bought ..."
            continue
        if out and re.match(r"^(?:my|our)\s+(?:(?:two|three|four|\d+|little|new|old|young|lovely)\s+)?[\w'-]+"
                            r"(?:\s+[A-Z][\w'-]+)?[.!]?$", p, _I):
            out[-1] = out[-1] + " and " + p  # "... with my wife Emma and our two kids": no verb, same clause
            continue
        if out and re.match(_CLAUSE_VERBS, p, _I) and not re.match(_SUBJ, p, _I):
            prev = out[-1]
            if re.search(r"\b(?:to|can|could|will|would|should|must|and|or)\s+[\w'-]+$", prev, _I):
                out[-1] = prev + " and " + p  # "I like to read and write": one clause
                continue
            if re.match(r"^(?:now|also)\s+(?:i|we)\b", p, _I):
                out.append(p)  # "so now I bike to work" already has its subject
                continue
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
    p = re.split(r"\s+(?:at|for|in|with|from|since|and|but|who|which|during|on|last|this|next|by|until|after|before|"
                 r"because|so|,)\b", phrase, maxsplit=1, flags=_I)[0]
    p = p.strip(" .,!").strip()
    p = re.sub(r"(?:\s+(?:now|these days|nowadays|currently|full[- ]time|part[- ]time|again|too|as well))+$", "", p,
               flags=_I).strip()
    words = p.lower().split()
    if not words or len(words) > 5:
        return None
    head = words[-1]
    if head in OCCUPATIONS or re.search(r"(?:ologist|ician|grapher|engineer|developer|manager)$", head):
        return p
    return None


def _strip_org_descriptor(v: str | None) -> str | None:
    """'a startup called Loomly' -> 'Loomly'."""
    if not v:
        return v
    m = re.match(r"^(?:a|an|the|this)\s+(?:[\w-]+\s+){0,3}?(?:called|named)\s+(?P<n>.+)$", v, _I)
    return m.group("n").strip() if m else v


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
    # "I'm Tom, a medical student in Munich": a name and an apposition about the user
    m = re.match(r"^[Ii] am (?P<v>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?),\s+(?P<rest>(?:a|an|the)\s+.+)$", c)
    if m and m.group("v").split()[0].lower() not in DEMONYMS:
        v = m.group("v")
        out = [_profile(f"User's name is {v}", "name", v, 0.8)]
        rest_c = "I am " + m.group("rest")
        more = _user_slots(rest_c, rest_c)
        out.extend(more or [dict(text=to_third_person(rest_c), kind="semantic", importance=0.6)])
        return out

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
    m = re.match(r"^i (?:just |recently |finally |also )*(?P<verb>started|began|went on|am on|am now on|have been on|"
                 r"am doing|started doing|switched to)\s+(?:a\s+|an\s+|the\s+)?(?P<v>" + DIETS2
                 + r")(?:\s+diet)?\b(?P<rest>.*)$", c, _I)
    if m:
        v = m.group("v").lower()
        stative = m.group("verb").lower() in ("am on", "have been on", "am doing") and not now_cue
        return [_profile(f"User is on {_a(v)} diet", "diet", v, 0.8, None if stative else "update")]
    m = re.match(r"^i (?:just |recently |finally |also )*(?:quit|stopped|gave up|dropped|went off|came off|am off|"
                 r"ended|abandoned|am done with)\s+(?:the\s+|my\s+|a\s+|an\s+|doing\s+)?(?P<v>" + DIETS2
                 + r")(?:\s+diet)?\b", c, _I)
    if m:
        return [_profile(to_third_person(raw), "diet", m.group("v").lower(), 0.8, "delete")]
    if re.match(r"^i (?:am not|am no longer|am not a|stopped being|quit being|gave up being)\s+(?:a\s+|an\s+)?" + DIETS, c, _I) \
            and re.search(r"\b(?:anymore|any more|no longer|stopped|quit|gave up)\b", lc):
        v = re.search(DIETS, c, _I).group(0).lower()
        return [_profile(f"User is no longer {v}", "diet", None, 0.8, "delete")]
    if re.match(r"^i (?:no longer eat|stopped eating|quit eating|gave up|do not eat|cut out|cut)\s+(?:red\s+)?meat\b", c, _I) \
            and (re.search(r"\b(?:no longer|stopped|quit|gave up|anymore|cut)\b", lc) or True):
        ch = "update" if re.search(r"\b(?:no longer|stopped|quit|gave up|anymore|cut|now)\b", lc) else None
        return [_profile("User does not eat meat", "diet", "no meat", 0.8, ch)]

    # --- home city
    m = re.match(r"^i (?:just |recently |finally |have |had |also )*(?:moved|relocated|moved back|came back)\s+(?:back\s+)?"
                 r"(?:to|into (?:a|an|my|our|the) (?:[\w-]+ ){0,3}?(?:flat|apartment|house|place|home|condo|studio|room|"
                 r"loft|cottage|townhouse|bungalow|dorm)\s+in)\s+(?P<v>.+)$", c, _I)
    if m:
        v = _clean_value(m.group("v"))
        if _place_ok(v):
            out = [_profile(f"User lives in {v}", "home_city", v, 0.75, "update")]
            # "I moved to Abu Dhabi in November for a new job at Cleveland Clinic"
            j = re.search(r"\b(?:for|to (?:start|take)) (?:a |an |my |the )?(?:new )?(?:job|position|role|post|internship)"
                          r"(?: as (?:a |an )?(?P<t>[\w -]+?))? (?:at|with) (?P<e>.+)$|\bto (?:work (?:at|for)|join) (?P<e2>.+)$",
                          m.group("v"), _I)
            if j:
                e = _clean_value(j.group("e") or j.group("e2"))
                e = _strip_org_descriptor(e)
                if e and _is_propery(e):
                    out.append(_profile(f"User works at {e}", "employer", e, 0.75, "update"))
                if j.group("t") and _occupation(j.group("t")):
                    occ = _occupation(j.group("t"))
                    out.append(_profile(f"User is {_a(occ)}", "job_title", occ, 0.7, "update"))
            return out
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
    m = re.match(r"^i (?P<pre>(?:now |currently |still |also |just |recently )*)(?:work|am (?:now |currently |still )?working|have been working|"
                 r"have worked|am employed|am)\s+(?:now\s+)?(?:at|for|with|by)\s+(?P<v>.+)$", c, _I)
    if m and not re.match(r"^i am (?:at|with|by)\b", c, _I):
        rest = m.group("v")
        v = _clean_value(rest)
        v = _strip_org_descriptor(v)
        if v and v.lower() not in ("myself", "home", "the moment", "a living"):
            ch = "update" if now_cue else None
            facts = [_profile(f"User works at {v}", "employer", v, 0.75, ch)]
            t = re.search(r"\bas (?:a |an |the )?(?P<t>[\w -]+)$", rest, _I)
            if t:
                title = _occupation(t.group("t")) or _clean_value(t.group("t"))
                if title:
                    facts.append(_profile(f"User is {_a(title)}", "job_title", title, 0.7, ch))
            return facts
        if v and v.lower() == "myself":
            return [_profile("User is self-employed", "employer", "self-employed", 0.75, "update" if now_cue else None)]
    m = re.match(r"^i (?:just |recently |finally )*(?:joined|started (?:working )?at|started (?:working )?for|"
                 r"got (?:a |an )?(?:new )?(?:job|offer|position|role) (?:at|with)|got hired (?:at|by)|"
                 r"accepted (?:a |an )?(?:job|offer|position) (?:at|with|from)|"
                 r"(?:started|began|start|begin) (?:a |my |the )?(?:new |first )?(?:full[- ]time |part[- ]time )?"
                 r"(?:job|role|position|internship|work|post) (?:at|with|for)|began working (?:at|for)|"
                 r"switched (?:jobs? )?to)\s+(?P<v>.+)$", c, _I)
    if m:
        rest = m.group("v")
        v = _strip_org_descriptor(_clean_value(rest))
        if _is_propery(v) and not re.match(r"^switched to", c[2:], _I) or (v and re.search(r"\b(?:job|position|role|offer|hired)\b", lc)):
            facts = [_profile(f"User works at {v}", "employer", v, 0.75, "update")]
            t = re.search(r"\bas (?:a |an |the )?(?P<t>[\w -]+)$", rest, _I)
            if t and _clean_value(t.group("t")):
                title = _occupation(t.group("t")) or _clean_value(t.group("t"))
                facts.append(_profile(f"User is {_a(title)}", "job_title", title, 0.7, "update"))
            return facts
    m = re.match(r"^i (?:am )?(?:currently |now )?(?:unemployed|between jobs|out of work|jobless|looking for (?:a )?(?:new )?(?:job|work))\b", c, _I)
    if m:
        return [_profile(to_third_person(raw), "employer", "unemployed", 0.7, "update")]
    m = re.match(r"^i (?:am no longer (?:working|employed)|no longer work|do not work) (?:at|for|with|by)\s+(?P<v>.+)$", c, _I)
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
    m = re.match(r"^i (?:am now|am|(?:now |currently |also )?work (?:(?:remotely|full[- ]time|part[- ]time|freelance|"
                 r"from home|now|currently) )*as|have been working as|became|just became|got promoted to|"
                 r"was promoted to|am working as)\s+(?:a |an |the )?(?P<v>.+)$", c, _I)
    if m:
        occ = _occupation(m.group("v"))
        if occ:
            ch = "update" if re.search(r"\b(?:became|promoted|now)\b", lc) else None
            at = re.search(re.escape(occ) + r"\s+(?:at|for|with)\s+(?P<e>.+)$", m.group("v"), _I)
            e = _strip_org_descriptor(_clean_value(at.group("e"))) if at else None
            # "I'm a pharmacist in Dubai": where the user is based
            city = re.search(re.escape(occ) + r"\s+(?:based |living |working |studying )?in\s+"
                             r"(?P<v>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})$", m.group("v"))
            home = [_profile(f"User lives in {city.group('v')}", "home_city", city.group("v"), 0.7, ch)] \
                if city and _place_ok(city.group("v")) else []
            if occ.lower().split()[-1] in STUDENT_WORDS:
                # a student studies at a school: one job_title fact, no employer
                where = f" at {e}" if e else ""
                return [_profile(f"User is {_a(occ)}{where}", "job_title", occ, 0.7, ch)] + home
            facts = [_profile(f"User is {_a(occ)}", "job_title", occ, 0.7, ch)]
            if e:
                facts.append(_profile(f"User works at {e}", "employer", e, 0.75, ch))
            return facts + home
    m = re.match(r"^i (?:(?:just|recently|finally) )*(?:started|began|took|accepted|got) (?:a |my |the )?(?:new )?(?:job|role|position|post)"
                 r" as (?:a |an |the )?(?P<t>.+?) (?:at|with|for) (?P<e>.+)$", c, _I)
    if m and _occupation(m.group("t")):
        e = _strip_org_descriptor(_clean_value(m.group("e")))
        occ = _occupation(m.group("t"))
        out = [_profile(f"User is {_a(occ)}", "job_title", occ, 0.7, "update")]
        if e and _is_propery(e):
            out.insert(0, _profile(f"User works at {e}", "employer", e, 0.75, "update"))
        return out
    # graduation ends a student status (the write path only retires a job_title holding "student")
    m = re.match(r"^i (?:just |finally |recently |officially )*(?:graduated|finished (?:my )?(?:degree|studies|university|"
                 r"college|phd|masters?|master's|bachelor's)|completed my (?:degree|studies|phd)|dropped out)\b", c, _I)
    if m:
        return [dict(text=to_third_person(raw), kind="episodic", importance=0.55),
                _profile("User is no longer a student", "job_title", "student", 0.6, "delete")]

    # --- partner
    m = re.match(r"^(?i:my) (?P<r>(?i:" + PARTNER_WORDS[3:-1] + r"))(?:'s name)? is (?:called |named )?(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", c)
    if m:
        v = m.group("v")
        r = m.group("r").lower()
        return [_profile(f"User's {r} is {v}", "partner", v, 0.75)]
    m = re.match(r"^(?P<v>[A-Z][\w'-]*) and [Ii] (?:just |finally |officially )?got (?:married|engaged)\b", c)
    if m and m.group("v").lower() not in _NOT_NAMES:
        return [_profile(to_third_person(raw).replace(f"{m.group('v')} and User", f"User and {m.group('v')}"), "partner",
                         m.group("v"), 0.75, "update")]
    m = re.match(r"^i (?:am|just got|got) (?:married|engaged) to\s+(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", c) or \
        re.match(r"^i (?:married|am dating|started dating|am seeing)\s+(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)", c)
    if m:
        v = m.group("v")
        ch = "update" if re.search(r"\b(?:got|married|started)\b", lc) and "am married" not in lc else None
        return [_profile(f"User's partner is {v}", "partner", v, 0.75, ch)]
    m = re.match(r"^(?:(?:(?i:my|our) (?P<r0>(?i:" + PARTNER_WORDS[3:-1] + r"))\s+)?(?P<n>[A-Z][\w'-]*) and [Ii]|"
                 r"(?i:my|our) (?P<r1>(?i:" + PARTNER_WORDS[3:-1] + r")) and [Ii]|[Ii]|[Ww]e) (?:(?:just|recently|finally|officially) )*"
                 r"(?:broke up|split up|divorced|separated|got divorced|called it quits|ended things)"
                 r"(?:\s+(?:with|from)\s+(?:(?i:my) (?P<r>(?i:" + PARTNER_WORDS[3:-1] + r"|ex))\s+)?(?P<v>[A-Z][\w'-]*))?", c)
    if m:
        v = m.group("v") or m.group("n")
        r = (m.group("r") or m.group("r0") or m.group("r1") or "partner").lower()
        when = _date_phrase(c)
        text = (f"User broke up with their {r} {v}" if v else "User broke up with their partner") + (f" {when}" if when else "")
        return [_profile(text, "partner", v, 0.7, "delete")]

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
    car_adj = r"(?:(?:new|used|old|little|red|blue|black|white|silver|grey|gray|green|yellow|orange|brown|beige|"  \
              r"dark|light|electric|hybrid|second-hand|secondhand|vintage)\s+)*"
    m = re.match(r"^[Ii] (?:drive|own|have) (?:a|an) (?P<v>" + car_adj + r"(?:\d{4}\s+)?[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2})"
                 r"(?P<rest>.*)$", c) or \
        re.match(r"^[Ii] (?:drive|own|have) (?:a|an) (?P<v>(?:[A-Z][\w-]*|\d{4})(?:\s+[\w-]+){0,3})(?P<rest>)$", c)
    if m and not re.search(PET_WORDS + "|" + DOG_BREEDS + "|" + CAT_BREEDS, c, _I) and (
            _CAR_BRANDS.search(m.group("v")) or not m.group("rest").strip()):
        v = _clean_value(m.group("v"))
        text = f"User drives {_a(v)}" if not m.group("rest").strip() else to_third_person(raw)
        return [_profile(text, "car", v, 0.6)]
    m = re.match(r"^[Ii] (?:just |finally |recently )?bought (?:a |an )(?P<v>car|" + car_adj
                 + r"(?:\d{4}\s+)?[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2})(?P<rest>.*)$", c)
    if m and (m.group("v") == "car" or _CAR_BRANDS.search(m.group("v"))):
        v = _clean_value(m.group("v"))
        return [_profile(f"User owns {_a(v)}", "car", v, 0.6, "update")]

    # --- pets
    m = re.match(r"^i (?:(?:just|also|recently|finally) )*(?:have|own|got|adopted|have got|rescued|took in)\s+"
                 r"(?P<cnt>a|an|two|three|four|\d+)\s+(?P<adj>(?:[\w-]+\s+){0,2}?)(?P<s>" + PET_WORDS + r"|" + DOG_BREEDS + r"|"
                 + CAT_BREEDS + r")(?:s|es)?\b(?:\s+(?:named|called)\s+(?P<n>[A-Z][\w'-]*(?:(?:,\s*|\s+and\s+)[A-Z][\w'-]*)*))?"
                 r"(?P<rest>.*)$", c, _I)
    if m and re.match(r"^\s+[a-z]", m.group("rest")) and not re.match(
            r"^\s+(?:who|that|which|and|at|in|from|since|for|on|during|too|now|as well|last|this|when)\b", m.group("rest")):
        m = None  # "I have a dog walker", "a cat allergy": not a pet
    if m:
        breed = m.group("s").lower()
        species = "dog" if re.fullmatch(DOG_BREEDS, breed, _I) else "cat" if re.fullmatch(CAT_BREEDS, breed, _I) else breed
        species = {"puppy": "dog", "kitten": "cat", "bunny": "rabbit"}.get(species, species)
        adj = re.sub(r"\bpet\b", "", m.group("adj") or "", flags=_I).strip()
        kind_of = (adj + " " + breed).strip() if species != breed and breed not in ("puppy", "kitten", "bunny") else adj
        n = m.group("n")
        cnt = m.group("cnt").lower()
        many = cnt not in ("a", "an", "1")
        ch = "update" if re.search(r"\b(?:got|adopted|rescued|took in)\b", lc) else None
        text = f"User has {cnt if many else 'a'} pet {species}{'s' if many else ''}"
        if kind_of:
            text += f" ({kind_of})"
        if n:
            text += f" named {n}"
        when = _date_phrase(c)
        if ch and when:
            text += f" (adopted {when})"
        return [dict(text=text, kind="profile", importance=0.65, key=f"pet.{species}",
                     value=n or "yes", change=ch)]
    m = re.match(r"^my (?P<s>" + PET_WORDS + r")(?:\s+[A-Z]\w*)?\s+(?:died|passed away|ran away|is gone|was put down)", c, _I) or \
        re.match(r"^i (?:lost|gave away|rehomed|no longer have)\s+(?:my|our)\s+(?P<s>" + PET_WORDS + r")", c, _I)
    if m:
        s = m.group("s").lower()
        return [dict(text=to_third_person(raw), kind="episodic", importance=0.6, key=f"pet.{s}",
                     value=None, change="delete")]
    return out


_CAR_BRANDS = re.compile(r"\b(?:tesla|toyota|honda|ford|bmw|audi|mercedes|hyundai|kia|volkswagen|vw|subaru|mazda|nissan|"
                         r"volvo|jeep|chevy|chevrolet|porsche|tata|maruti|mahindra|skoda|renault|peugeot|fiat|lexus|rivian|"
                         r"mini|jaguar|land rover|range rover|dodge|ram|gmc|cadillac|buick|lincoln|acura|infiniti|"
                         r"mitsubishi|suzuki|seat|citroen|citroën|opel|saab|alfa romeo|polestar|byd|car|truck|suv|van)\b", _I)

_DATE_PHRASE_RE = re.compile(
    r"\b(?:on|in|during|since|from|by|until|before|after|for)\s+(?:the week of\s+)?(?:\d{4}-\d\d-\d\d|(?:January|February|"
    r"March|April|May|June|July|August|September|October|November|December) \d{4}|(?:spring|summer|autumn|winter) "
    r"\d{4}|\d{4})\b")


def _date_phrase(c: str) -> str | None:
    """The first resolved date phrase of a clause ("on 2026-03-13", "in June 2025"), if any."""
    m = _DATE_PHRASE_RE.search(c)
    return m.group(0) if m else None


def _a(noun: str) -> str:
    if re.match(r"^(?:a|an|the)\b", noun, _I) or noun[:1].isupper() and not re.match(r"^[A-Z]{2,}", noun):
        return noun if re.match(r"^(?:a|an|the)\b", noun, _I) else noun
    if re.match(r"^[A-Z]{2,}", noun):  # acronyms go by the letter's sound: "a UX designer", "an MBA student"
        return ("an " if noun[0] in "AEFHILMNORSX" else "a ") + noun
    ln = noun.lower()
    if re.match(r"^(?:us|uni|uti|eu|one\b|ur[aeio])", ln):  # "a used car", "a university", "a one-off"
        return "a " + noun
    if re.match(r"^(?:hour|honest|honou?r|heir)", ln):
        return "an " + noun
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


_OTHER_SLOT_RES = [
    (re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))? (?:lives|is living|has lived|stays|resides|is based|is now based|now lives|just moved|moved|relocated|has moved)\s+(?:back\s+)?(?:in|to)\s+(?P<v>.+)$", _I), "home_city"),
    (re.compile(r"^my " + _REL + r"(?:\s+(?P<n>[A-Z]\w+))? (?:works|is working|now works|has worked|just started|started|joined|is employed)\s+(?:at|for|with)?\s*(?P<v>.+)$", _I), "employer"),
    (re.compile(r"^(?i:my) (?i:" + _REL + r")(?:'s name)? is (?:called |named )?(?P<v>[A-Z][\w'-]*)$"), "name"),
]


def _other_slots(c: str, raw: str) -> list[dict]:
    if re.match(r"^(?i:my) (?i:" + PARTNER_WORDS[3:-1] + r")(?:'s name)? is (?:called |named )?[A-Z]", c) or \
            re.match(r"^(?i:my|our) (?i:" + PARTNER_WORDS[3:-1] + r")(?: [A-Z][\w'-]*)? and [Ii] ", c):
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



# --------------------------------------------------------------------------- other people

_NOT_NAMES = {
    "the", "this", "that", "these", "those", "it", "its", "there", "here", "what", "when", "where", "why", "how",
    "who", "whom", "which", "whose", "my", "our", "your", "his", "her", "their", "we", "they", "i", "he", "she",
    "you", "me", "us", "them", "today", "tomorrow", "yesterday", "tonight", "everyone", "everybody", "someone",
    "somebody", "nobody", "nothing", "everything", "something", "anyone", "anything", "life", "work", "school",
    "dinner", "lunch", "breakfast", "god", "yes", "no", "ok", "okay", "thanks", "also", "but", "and", "so", "then",
    "just", "maybe", "please", "one", "some", "all", "both", "each", "every", "most", "many", "if", "because",
    "although", "since", "after", "before", "while", "once", "again", "still", "now", "well", "oh", "hey", "hi",
    "hello", "lol", "haha", "wow", "sorry", "hmm", "a", "an", "not", "never", "always", "sometimes", "other",
    "another", "such", "any", "nowadays", "currently", "recently", "actually", "honestly", "basically", "btw",
    "user", "assistant", "mine", "yours", "let", "let's", "thank", "dear", "sir", "madam",
    *WEEKDAY_WORDS, *MONTH_WORDS,
}

_REL_WORDS = r"(?:maid of honou?r|best man|best friend|" + "|".join(
    sorted((re.escape(r) for r in RELATIONS if " " not in r and r != "kid's"), key=len, reverse=True)) + r")"
_NAME = r"[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?"
_PERSON_INTRO_RES = [
    re.compile(r"\b(?i:my|our) (?P<rel>(?i:" + _REL_WORDS + r")),? (?P<n>" + _NAME + r")\b"),
    re.compile(r"\b(?i:my|our) (?P<rel>(?i:" + _REL_WORDS + r"))(?:'s name)? is (?:called |named )?(?P<n>" + _NAME + r")\b"),
    re.compile(r"\b(?i:a|an|my|our|one) (?P<rel>(?i:" + _REL_WORDS + r")) (?:named|called) (?P<n>" + _NAME + r")\b"),
    re.compile(r"\b(?P<n>" + _NAME + r") is (?i:my|our) (?P<rel>(?i:" + _REL_WORDS + r"))\b"),
]
# what someone else can be said to be or do, for a fact about a named person
_PERSON_PRED_RE = re.compile(
    r"^(?:(?:also|now|still|just|recently|currently|actually|originally|finally) )*(?:"
    r"(?:is|was|'s) (?:originally )?(?:from|born|based|allergic|intolerant|pregnant|engaged|married|getting married|"
    r"studying|working|retired|vegan|vegetarian|moving|living|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b)|"
    r"works?|worked|lives|lived|comes from|came from|grew up|studies|studied|teaches|taught|moved|relocated|"
    r"got (?:a (?:new )?job|married|engaged|promoted|hired|divorced)|runs|ran|owns|owned|has (?:a|an|two|three|\d+)\b|"
    r"was born|started|joined|plays|played|manages|coaches|speaks|leads|founded|graduated|retired|passed away|died|"
    r"is (?:a|an|my|our|the)\b|was (?:a|an|my|our)\b)", _I)


_UNNAMED_REL_RE = re.compile(r"\b(?i:my|our) (?P<rel>(?i:" + _REL_WORDS + r"))\b(?!'s| [A-Z])")


class _People:
    """People named by the user in one message: name -> relation, and the last one mentioned."""

    def __init__(self) -> None:
        self.names: dict[str, str | None] = {}
        self.last: str | None = None

    def prescan(self, text: str) -> None:
        for rx in _PERSON_INTRO_RES:
            for m in rx.finditer(text):
                n = m.group("n")
                if n.split()[0].lower() in _NOT_NAMES:
                    continue
                self.names.setdefault(n, m.group("rel").lower())

    def scan(self, clause: str) -> None:
        best: tuple[int, str] | None = None
        for n in self.names:
            for m in re.finditer(r"\b" + re.escape(n) + r"\b", clause):
                if best is None or m.start() >= best[0]:
                    best = (m.start(), self.subject(n))
        # an unnamed relative ("my sister lives in Delhi. She is visiting ..."), when the
        # clause names no one (in "my cousin Rachel is my maid of honor", she is Rachel)
        if best is None:
            for m in _UNNAMED_REL_RE.finditer(clause):
                best = (m.start(), "my " + m.group("rel").lower())
        if best:
            self.last = best[1]

    def subject(self, name: str) -> str:
        rel = self.names.get(name)
        return f"my {rel} {name}" if rel else name

    def resolve_pronoun(self, clause: str) -> str:
        if not self.last:
            return clause
        m = re.match(r"^(?P<p>she|he)(?P<c>'s|\s)(?P<rest>.*)$", clause, _I)
        if not m:
            return clause
        verb = "is " if m.group("c") == "'s" else ""
        return f"{self.last} {verb}{m.group('rest')}".replace("  ", " ")


def _third_party(raw: str, people: _People, now: datetime) -> tuple[dict, datetime | None] | None:
    """ "Niamh is from Galway": a fact about a named person, kept as theirs (never a user key)."""
    m = re.match(r"^(?P<n>" + _NAME + r")\s+(?P<rest>[a-z'].*)$", raw)
    if not m or "'" in m.group("n"):
        return None
    n = m.group("n")
    if n.split()[0].lower() in _NOT_NAMES or (len(n.split()) > 1 and n.split()[1].lower() in _NOT_NAMES):
        return None
    rest = re.sub(r"[\s.!…]+$", "", m.group("rest"))
    pred = _PERSON_PRED_RE.match(rest)
    if not pred:
        return None
    ia = re.match(r"^(?:is|was) (?:a|an) (?P<x>.+)$", rest)
    if ia and not _occupation(ia.group("x")) and not re.match(_REL_WORDS + r"\b", ia.group("x"), _I):
        return None  # "Biscuit is a good boy"
    resolved, ed = resolve_dates(rest, now)
    body = to_third_person(resolved)
    body = body[0].lower() + body[1:] if body[:1].isupper() and not body.startswith("User") else body
    rel = people.names.get(n)
    text = f"User's {rel} {n} {body}" if rel else f"{n} {body}"
    safety = bool(re.search(r"\b(?:allerg\w+|anaphyla\w*|intoleran\w+|celiac|coeliac|diabet\w+|asthma\w*|epilep\w+)\b",
                            rest, _I))
    imp = 0.85 if safety else 0.5
    kind = "episodic" if ed is not None else "semantic"
    return dict(text=text, kind=kind, importance=imp, safety=safety), ed


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
    s = re.sub(r"\byour\b", "its", s, flags=_I)
    s = re.sub(r"\byourself\b", "itself", s, flags=_I)
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
    m = re.match(r"^(?:(?:my|our) [\w' -]+?|she|he|(?!(?:It|That|This|There|What|Here|Everything|Today)\b)(?-i:[A-Z][a-z'-]+))"
                 r" (?:is|was|feels|felt|seems|'s) (?P<rest>.+)$", _expand(c), _I)
    if m and TRANSIENT_RE.match("i am " + m.group("rest").rstrip(" .!")) and not re.match(r"^(?:a|an)\b", m.group("rest")):
        return "transient state"  # "my sister is exhausted today"
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


def _extract_clause(clause: str, now: datetime, explicit: bool, ex: Extraction,
                    people: "_People | None" = None) -> None:
    people = people if people is not None else _People()
    raw = _strip_fillers(clause.strip().strip("\"'"))
    raw = re.sub(r"^(?:that|to)\s+(?=(?:i|my|we|our)\b)", "", raw, flags=_I)
    if not raw or not re.search(r"\w", raw):
        if not explicit:
            _discard(ex, clause, "greeting")
        return
    # "now I bike to work" -> "I now bike to work"
    m = re.match(r"^(?:now|nowadays|these days|currently),?\s+(?P<s>i|we)\s+(?P<rest>.+)$", raw, _I)
    if m:
        raw = f"{m.group('s')} now {m.group('rest')}"
    # "She lives in Denver" after "my cousin Rachel": the last person named in this message
    raw = people.resolve_pronoun(raw)
    people.scan(raw)
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
            tp = _third_party(raw, people, now)
            if tp is not None:
                ex.facts.append(_mk(tp[0], clause, tp[1], explicit))
                return
            _discard(ex, clause, "small talk" if WEATHER_RE.search(raw) or len(raw.split()) <= 3 else "not about the user")
            return
        if WEATHER_RE.search(raw) and re.match(r"^(?:it|it's|it is|the weather|what|so|such)\b", lc):
            _discard(ex, clause, "small talk")
            return

    raw = re.sub(r"[\s.!…]+$", "", raw)
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
    # the user's household moving or living somewhere is the user's home: "We moved to Austin",
    # "My wife and I live in Denver"
    hh = re.match(r"^(?:we|(?:my|our) [\w'-]+(?: [A-Z][\w'-]+)? and i|[A-Z][a-z'-]+ and i)\s+(?P<rest>(?:(?:just|recently|"
                  r"finally|have|had|also|now|currently|still) )*(?:moved|relocated|live|are living|have lived|"
                  r"have been living|are based|are now based|are settled)\b.*)$", exp, _I)
    if not plan and hh:
        rest = re.sub(r"^are\b", "am", hh.group("rest"))
        facts = [d for d in _user_slots("I " + rest, resolved) if d.get("key") == "home_city"]
    if not plan and not facts:
        if re.match(r"^(?:i|my|call me)\b", exp, _I) or re.match(r"^[A-Z][a-z'-]+ and [Ii]\b", exp):
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
            # change cues only retire the user's own facts, never because of someone else's news
            own = _first_person(raw) and not re.match(r"^(?:my|our) " + _REL + r"\b", exp, _I)
            if CHANGE_DELETE_RE.search(exp) and own:
                change = "delete"
            elif re.search(r"\b(?:switched to|now|instead|changed to)\b", exp, _I) and own:
                change = "update"
            facts = [dict(text=text, kind=kind, importance=imp, change=change)]
    # "Marco and I broke up" after "my boyfriend Marco": keep the relation the user gave
    for d in facts:
        if d.get("key") == "partner" and d.get("value") in people.names and "their partner " in d["text"]:
            d["text"] = d["text"].replace("their partner ", f"their {people.names[d['value']]} ", 1)
    # "I live in Lisbon with my boyfriend Marco": the partner's name is a profile fact too
    if not plan and not any(d.get("key") == "partner" for d in facts) and not CHANGE_DELETE_RE.search(exp):
        pm = re.search(r"\b(?i:my) (?P<r>(?i:" + PARTNER_WORDS[3:-1] + r")),? (?P<n>[A-Z][a-z'-]+)\b", exp)
        if pm and pm.group("n").lower() not in _NOT_NAMES:
            facts.append(_profile(f"User's {pm.group('r').lower()} is {pm.group('n')}", "partner", pm.group("n"), 0.75))
    # a changed profile value keeps when it changed: "User works at Stripe (since 2026-06-29)".
    # Only day/week precision: a month or year adds little to the record's valid_from.
    when = _date_phrase(exp) if ed is not None else None
    if when:
        for d in facts:
            if d.get("kind") == "profile" and d.get("change") == "update" and d.get("value") \
                    and re.search(r"\d{4}-\d\d-\d\d", when) \
                    and not _DATE_PHRASE_RE.search(d["text"]):
                since = re.sub(r"^(?:on|in|during|from|for)\s+", "since ", when)
                d["text"] = f"{d['text']} ({since})"
            elif d.get("change") == "delete" and d.get("key") and not _DATE_PHRASE_RE.search(d["text"]):
                d["text"] = f"{d['text']} {when}"
    for d in facts:
        if is_safety and not plan:
            d["safety"] = True
            d["importance"] = max(d.get("importance", 0), 0.9)
            # name the category, so "any medical conditions?" finds "User has type 1 diabetes"
            if d.get("kind") != "procedural" and d.get("change") is None and d["text"].startswith("User ") \
                    and _CONDITION_RE.search(d["text"]) and not re.search(r"\bcondition\b", d["text"], _I):
                d["text"] = d["text"].rstrip(" .") + " (medical condition)"
        ex.facts.append(_mk(d, clause, ed, explicit))


def known_people(texts) -> dict[str, str]:
    """Name -> relation from stored fact texts ("User's girlfriend is Niamh", "User's cousin Rachel
    lives in Denver"), to pass as `extract_facts(..., people=...)` so that a later "Niamh is from
    Galway" is stored as "User's girlfriend Niamh is from Galway"."""
    out: dict[str, str] = {}
    rel = r"(?P<rel>(?i:" + _REL_WORDS + r"))"
    for t in texts or ():
        for rx in (r"^User's " + rel + r"(?:'s name)? is (?:called |named )?(?P<n>" + _NAME + r")\s*$",
                   r"^User's " + rel + r" (?P<n>" + _NAME + r")\b",
                   r"^(?P<n>" + _NAME + r") \(User's " + rel + r"\)"):
            m = re.match(rx, t.strip().rstrip("."))
            if m and m.group("n").split()[0].lower() not in _NOT_NAMES:
                out.setdefault(m.group("n"), m.group("rel").lower())
                break
    return out


def extract_facts(text: str, now: datetime, role: str = "user",
                  people: dict[str, str] | None = None) -> Extraction:
    """Extract atomic third-person facts from one message said at `now` by `role`.

    `people` (optional, see :func:`known_people`) names the people the user introduced
    earlier in the scope, so facts about them keep the relation."""
    ex = Extraction(facts=[], discarded=[])
    if not text or not str(text).strip():
        return ex
    text = _norm(str(text))
    if (role or "user").lower() != "user":
        for s in _sentences(text)[:50] or [text]:
            _discard(ex, s, "not from the user")
        return ex
    people_ = _People()
    for n, r in (people or {}).items():
        people_.names[n] = r
    people_.prescan(text)
    people = people_
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
                _extract_clause(clause, now, explicit, ex, people)
            except Exception as exc:  # a rule bug must not lose the message: logged as a discard with the error
                _discard(ex, clause, f"unparsed ({type(exc).__name__}: {exc})")
    _resolve_message_conflicts(ex)
    _add_change_events(ex)
    _dedupe(ex)
    return ex


def _add_change_events(ex: Extraction) -> None:
    """A retirement stores nothing new, yet "User quit keto" or "User sold their Honda" is itself
    worth remembering: each delete gets an episodic twin (after it, so the delete is reconciled
    first), unless its clause already produced an event."""
    out: list[Fact] = []
    for f in ex.facts:
        out.append(f)
        if f.change == "delete" and not any(g is not f and g.clause == f.clause and g.kind == "episodic"
                                            and g.change is None for g in ex.facts):
            out.append(Fact(text=f.text, kind="episodic", importance=max(0.45, min(f.importance, 0.6)),
                            source=f.source, event_date=f.event_date, clause=f.clause, safety=f.safety))
    ex.facts = out


def _resolve_message_conflicts(ex: Extraction) -> None:
    updated = {f.key for f in ex.facts if f.key and f.change in (None, "update") and f.value}
    for f in ex.facts:
        if f.change == "delete" and f.key in updated:
            f.change = None
            f.key = None
            f.value = None
            f.kind = "episodic"


def _dedupe(ex: Extraction) -> None:
    seen: set[tuple[str, str | None]] = set()
    out = []
    for f in ex.facts:
        k = (f.text.lower(), f.change)
        if k in seen or not f.text:
            continue
        seen.add(k)
        out.append(f)
    ex.facts = out
