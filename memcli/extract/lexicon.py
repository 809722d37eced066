"""The extractor's vocabulary: word lists and the patterns built from them.

Pure data, no logic: the clause splitter, the salience filters, the slot rules and
the person rewriting all read it. The safety cues shared with the forgetting
policies are in :mod:`memcli.text` (`SAFETY_TOPIC_RE`, `MEDICAL_SELF_RE`).
"""

from __future__ import annotations

import re

from ..text import WEEKDAY_SHORT, WEEKDAYS

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

# The past forms that are no present form nor noun too ("read", "set", "cut", "born" are left out).
PAST_FORMS = IRREGULAR_PAST - {"born", "read", "set", "put", "cut", "hit", "let", "upset", "split", "spread", "cost", "hurt",
                               "bet", "beat"}
# A participle after "'s" that makes it "has": one that is never an adjective ("she's been",
# "he's got", "she's never left"), or any past form with its object after it ("she's outsold me at the market",
# "he's booked the hall", "she's sold her car"); never "she's tired of it", "he's married".
_OBJECT_AFTER = r"\s+(?:me|us|him|her|them|it|the|a|an|my|our|his|their|your|this|that|every|all|\d)\b"
HAS_PARTICIPLE = (r"(?:(?:never|always|just|already|finally|still|also|ever|only|recently|not)\s+)?"
                  r"(?:(?:finished|left|gone|got|gotten|moved|been|started|quit|taken|had|become|joined|changed|switched|"
                  r"done|seen)\b|(?:[a-z]{2,}ed|(?:out|over|re|under)?(?:"
                  + "|".join(sorted(PAST_FORMS))
                  + r"))(?=" + _OBJECT_AFTER + r"))")

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

# an aside on how what follows is told, not what is told: "just between us, ...", "to be fair, ..."
ASIDES = (r"(?:just )?between (?:us|ourselves|you and me|you and I|the two of us)|to be (?:fair|honest|frank)|"
          r"in (?:all )?fairness|frankly|mind you|if I'm (?:being )?honest")
FILLER_RE = re.compile(
    r"^(?:(?:oh|well|so|also|btw|by the way|actually|anyway|anyways|and|but|um+|uh+|yeah|yes|ok|okay|"
    r"(?:hey|hi|hello|good (?:morning|afternoon|evening))(?: again| there| all| everyone)?|fyi|just fyi|just so you know|for context|for the record|honestly|basically|"
    + ASIDES + r"|"
    r"haha|lol|fun fact|(?:the )?(?:good|bad|big|sad|great|funny|best|worst|other) (?:news|part|thing) (?:is|was)|"
    r"(?:some )?(?:happy|great|exciting|sad|other|more|big|huge|good|bad|quick|small)(?: [a-z]+)? (?:news|update)|"
    r"(?:the )?thing is|oh and|oh also|ah|alright|right|plus|"
    # "on a family note, Akinyi has been at ...": the side of life what follows is about
    r"on an? (?:\w+ )?note|"
    # a word on remembering, before what is remembered: "while I think on, I'm allergic to
    # penicillin", "before I forget, ...", "come to think of it, ..."
    r"(?:while|now|before|as) (?:I|I'm|we're) (?:think(?:ing)? (?:on|of (?:it|that)|about it)|remember|forget|at it)|"
    # "while I have you, ...": the user's turn to tell, before what is told
    r"while (?:I|we) (?:have|'ve got|got) you|"
    r"come to think of it|now that I think (?:of|about) it|that reminds me|speaking of which|"
    # a label said before what it introduces: "More things: ...", "Context for later: ...", "One more thing, ..."
    r"(?:(?:a few |some |two |one )?more things?|update on me|(?:some |quick |a bit of |a little )?(?:context|"
    r"background|intro|introduction)(?: for later| about me| on me)?|about me)(?=\s*(?:lol|haha)?\s*:)|"
    r"one (?:more|last) thing(?=\s*[:,])|"
    # a heading of up to three words before what it introduces: "Spring semester report: ...",
    # "Health update: ...", "Quick recap: ..."
    r"(?:[a-z][\w'-]* ){0,3}(?:report|update|recap|roundup|round-up|summary|catch-?up|notes?)(?=\s*:)|"
    # a flag before what matters: "IMPORTANT: allergic to shellfish", "FYI - ...", "NB: ..."
    r"(?:very |super |really |most )?(?:important|fyi|nb|n\.b\.|reminder|heads up|warning|urgent)(?=\s*(?:[:!]|-\s))|"
    # an apology for a slip, before the words that fix it: "sorry, my mistake, it's the 14th"
    r"(?:sorry|oops|whoops|my (?:bad|mistake|error))(?=\s*[,:.!])|"
    # a formal lead-in before what is told: "You may also be interested to know that I now
    # weigh 171 pounds", "I am pleased to report that ...", "I should mention that ..."
    r"(?:you (?:may|might) (?:also )?(?:be interested|like|want|wish) to (?:know|hear|learn)|"
    r"I (?:should|must|ought to|would like to|'d like to|want to) (?:also )?(?:mention|add|note|let you know|tell you)|"
    r"(?:I am|I'm) (?:pleased|happy|glad|delighted|sorry|sad|relieved|proud) to (?:report|say|tell you|inform you|share|"
    r"confirm|announce)|(?:it is|it's) (?:also )?worth (?:mentioning|noting|adding)|please (?:note|be advised)|"
    r"for your (?:information|records))(?: that)?(?=\s)|"
    r"update|quick update|small update|big news|news|"
    r"good news|bad news|guess what|omg|ugh|ngl|tbh|lowkey|imo|fr)\b(?:[,:!.]?\s+|[,:!.]*$))+", _I)

OCCUPATIONS = {
    "engineer", "pizzaiolo", "sommelier", "patissier", "developer", "programmer", "manager", "nurse", "doctor", "physician", "surgeon",
    "teacher", "professor", "lecturer", "student", "analyst", "scientist", "designer", "lawyer",
    "attorney", "architect", "accountant", "pilot", "dentist", "pharmacist", "researcher", "writer",
    "author", "journalist", "artist", "musician", "photographer", "editor", "intern", "freelancer",
    "founder", "cofounder", "co-founder", "ceo", "cto", "cfo", "coo", "chef", "cook", "carpenter",
    "plumber", "electrician", "mechanic", "farmer", "officer", "clerk", "barista", "waiter", "purser",
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
    "lineman", "linesman", "diver", "fisherman", "fabricator", "joiner", "miner", "roughneck", "deckhand",
    "childminder", "rancher", "beekeeper", "trucker", "cabbie", "builder", "detective", "physio", "counsellor",
    "counselor",
    # (words that name a thing as often as a job, "server", "rep", "cleaner", are left out)
    "hygienist", "orthodontist", "podiatrist", "bartender", "courier", "dispatcher", "supervisor",
    "foreman", "lifeguard", "caretaker", "housekeeper", "gardener", "landscaper", "roofer", "painter",
    "decorator", "locksmith", "concierge", "bookkeeper", "stylist", "florist", "jeweller", "jeweler",
    "bricklayer", "technologist", "solicitor", "barrister", "notary", "registrar", "doula", "carer", "labourer",
    "laborer", "underwriter", "actuary", "coder", "sysadmin", "coordinator",
    "organizer", "organiser", "lobbyist", "diplomat", "councillor", "mayor", "pastor", "priest", "rabbi", "imam",
    "chaplain", "curator", "archivist", "zookeeper", "groomer", "instructor", "optician", "sonographer", "radiographer", }

DIETS = r"(?:lacto[- ]ovo[- ]vegetarian|lacto[- ]vegetarian|vegetarian|vegan|pescatarian|pescetarian|flexitarian|keto|paleo|gluten[- ]free|dairy[- ]free|halal|kosher|carnivore|plant[- ]based)"

DIETS2 = (r"(?:" + DIETS[3:-1] + r"|low[- ]carb|low[- ]fat|low[- ]sugar|no[- ]sugar|mediterranean|atkins|whole30|dash|"
          r"raw food|juice cleanse|intermittent fasting|calorie[- ]counting|high[- ]protein)")
STUDENT_WORDS = {"student", "undergrad", "undergraduate", "postgrad", "postgraduate", "phd", "postdoc", "grad",
                 "pupil", "apprentice", "trainee", "intern", "candidate"}
DOG_BREEDS = (r"golden retriever|labrador retriever|labrador|retriever|beagle|poodle|terrier|spaniel|collie|"
              r"german shepherd|husky|bulldog|dachshund|corgi|pug|chihuahua|rottweiler|doberman|"
              r"greyhound|whippet|schnauzer|shih tzu|maltese|pomeranian|samoyed|akita|shiba inu|shiba|"
              r"great dane|mastiff|border collie|cockapoo|labradoodle|goldendoodle|sheepdog|pit ?bull|mutt|"
              r"jack russell|boerboel|vizsla|weimaraner|ridgeback|staffie|staffy|lurcher|kelpie|"
              r"malamute|basset|bichon|yorkie|westie|sheltie|cavapoo")
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
    r"tired|exhausted|knackered|shattered|wiped out|worn out|drained|jet-?lagged|sleepy|hungry|starving|thirsty|bored|sick|ill|unwell|busy|stressed|"
    r"anxious|nervous|excited|happy|sad|upset|angry|annoyed|frustrated|cold|hot|warm|full|"
    r"stuffed|drunk|hungover|late|early|lonely|confused|sore|cranky|grumpy|sleepless|"
    r"overwhelmed|relaxed|free|available|away|offline|online|home|outside|running late|"
    r"in a meeting|on my way|on the way|at work|at home|at the \w+|in the \w+|on a call|"
    r"feeling \w+|a bit \w+|under the weather|done for the day|off today|on vacation|on holiday|"
    r"fine|ok|okay|good|great|alright|all right|better|well|sure|unsure|certain|not sure|positive|"
    r"doubtful|sceptical|skeptical|hopeful|curious|intrigued|torn|undecided|unconvinced|"
    r"knackered|shattered|wiped out|wiped|wrecked|a wreck|a mess|an emotional wreck|drained|fried|beat|gutted|"
    r"devastated|heartbroken|miserable|grumpy|restless|jet ?lagged|burnt out|burned out|fed up|dead tired|"
    r"in bed|in class|in town|in traffic|in line|in a queue|in a meeting|in the car|on the bus|on the train"
)
_INTENS = (r"(?:(?:so|really|very|a bit|a little|kinda|kind of|pretty|super|quite|extremely|totally|completely|feeling|just|too|incredibly|rather|somewhat|absolutely|honestly|utterly|"
    r"literally|properly|seriously|such|bloody|fucking|fully|a total|an absolute)\s+)*")
TRANSIENT_RE = re.compile(
    r"^(?:i am|i feel|i'm feeling|i am feeling|feeling|i was|i got|getting|i'm getting|i am getting)\s+(?:not\s+)?"
    + _INTENS + r"(?:" + TRANSIENT_ADJ + r")\b(?:\s+(?:today|tonight|right now|now|rn|atm|at the moment|"
    r"this morning|this afternoon|this evening|this week|lately|again|all day|after \w+(?: \w+)?|from \w+(?: \w+)?|"
    r"because .*|cause .*|since .*|lol|haha|tbh|ugh|yet|about (?:it|that|this)|honestly|really|thanks))*$", _I)
TRANSIENT_NOW_RE = re.compile(r"\b(?:right now|at the moment|atm|rn|currently)\s*$", _I)

WEATHER_RE = re.compile(
    r"\b(?:weather|raining|rainy|rain|sunny|snowing|snowy|cloudy|windy|humid|freezing|"
    r"so hot|so cold|hot today|cold today|nice day|beautiful day|what a day|traffic)\b", _I)

QUESTION_START_RE = re.compile(
    r"^(?:(?:what|where|why|how|who|whom|whose|which)\b(?!\s+i\s+(?:was|were|am|had|lived|moved|grew))"
    # "when" asks only before a verb put first ("when is the party", "when's it", "when do I"):
    # "When Fr. Dermot retired in June the board asked me to ..." tells
    r"|when(?:'s|\s+(?:is|are|was|were|do|does|did|will|would|can|could|should|shall|has|have|had|am|you|u)\b)"
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
    "run", "try", "correct", "point", "flag", "highlight", "do", "don't", "never", "always", "email", "text", "ping", "message", "wake",
    "notify", "alert", "refrain", "stick", "respect", "default", "prioritize", "focus",
    "emphasize", "omit", "drop", "remove", "cut", "shorten", "simplify", "elaborate", "expand",
}

RULE_CUE_RE = re.compile(
    r"\b(?:always|never|from now on|going forward|in (?:the )?future|every time|each time|whenever|by default|"
    r"no more|ever again|anymore|any more|at all times|in all (?:your )?(?:answers|responses|replies)|"
    r"from here on(?:wards)?|from here onwards|henceforth|from today on(?:wards)?|moving forward|for all|all the time|in general|"
    # a standing way of working, said of every instance: "correct every mistake I make when I write Dutch"
    r"every (?:single )?(?:mistake|error|typo|message|answer|reply|response|email|question)|"
    r"when(?:ever)? I (?:write|ask|send|message|text|speak|talk|post|paste|share))\b", _I)
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
# what holds, said for when someone needs it: "If the association ever needs to reach me, my
# mobile is 07700 900481", "in case anyone asks, I'm on nights this week"
IF_NEEDED_RE = re.compile(r"^(?:if|in case)\s+(?:you|u|anyone|anybody|someone|somebody|they|people|folk|the\s+[\w ]{1,30}?)\s+"
                          r"(?:ever\s+)?(?:need|needs|want|wants|has to|have to|must|asks?|wonders?)\b[^,]*,\s*"
                          r"(?:(?:my|our)\s+[\w' -]{1,30}?\s+(?:is|are|'s)\s+(?!going|gonna|would)|i(?:'m| am)\s+(?!going|gonna)"
                          # "If anybody ever asks what I did, I was an electrician": what the user was, said outright
                          r"|i was (?:a|an)\s|i worked (?:at|for|as|in)\s|i (?:lived|grew up) (?:in|on|at)\s)",
                          _I)
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

PREFERENCE_RE = re.compile(
    r"^i (?:really |absolutely |totally |also |just |kinda |kind of |genuinely |actually )*(?:love|like|enjoy|adore|"
    r"prefer|hate|dislike|detest|despise|can't stand|cannot stand|am into|am a (?:big |huge )?fan of|"
    r"am not a (?:big )?fan of|am obsessed with|am passionate about|am interested in|avoid|"
    r"do not like|don't like|do not enjoy|would rather)\b", _I)

CHANGE_DELETE_RE = re.compile(
    r"\b(?:no longer|not anymore|anymore|any more|no more(?! than\b)|stopped|quit|gave up|give up|sold (?:my|our|the)|ditched|dumped|used to|"
    # "I've chucked the roll ups", "the doctor took me off the amlodipine"
    r"chucked|took (?:me|us) off|"
    r"got rid of|gave away|broke up|divorced|left my|retired from|cancel(?:l)?ed (?:my|our|the)|"
    r"am not .* anymore|lost my|passed away|died|moved out of|(?:have |'ve )?(?:gone|went) off|lost interest in|"
    r"got bored of|fell out of love with|(?:is|'s) dead to me|fell through|called off|(?:got|been) cancel(?:l)?ed|"
    r"pulled out of|dropped out of|bailed on|(?:posting|contract|lease|placement|secondment|tenancy|internship|"
    r"membership|subscription) (?:has )?(?:ended|finished|expired|ran out)|"
    # what a club or an employer did to end it: "stockport let me go", "they laid me off"
    r"let (?:me|us) go(?=\s*(?:$|[^\w\s]|(?:last|this|yesterday|today|after|in|on|during|at|because|cos|coz|bc|and|but|so)\b))|"
    r"(?:released|laid off|fired|sacked) (?:me|us)|laid (?:me|us) off)\b", _I)
# "tennis is out since the shoulder surgery", "the allotment's done": a thing of the user's
# that has ended, said as its subject
# "drake is so mid now", "no drake, drake is overrated now fr": a taste the user has lost
OVER_IT_RE = re.compile(r"(?:^|,\s+)(?P<o>(?!(?:he|she|they|it|that|this|there|everything|life|work|school)\b)[a-z][\w' -]{1,30}?)"
                        r"\s+(?:is|'s|are|'re)\s+(?:(?:so|kinda|kind of|pretty|lowkey|honestly|actually|just|lowkey)\s+)*"
                        r"(?:mid|overrated|cringe|boring|trash|lame|not it|dead to me)\s+(?:now|these days|anymore|tbh|ngl)\b", _I)
ENDED_THING_RE = re.compile(r"^(?:(?:so|and|but|also|honestly|anyway),?\s+)?(?P<o>(?!(?:he|she|they|it|that|this|"
                            r"there|the weather|the sun|the rain)\b)[a-z][\w' -]{1,30}?)\s+(?:is|'s|are|'re)\s+"
                            r"(?:out|over|done|finished|off the table|dead to me)\b(?!\s+(?:of|for|to|with|at|in)\b)"
                            # only with what says it is the user's and for good: a reason, a time, a replacement
                            r"(?=.*\b(?:since|these days|anymore|any more|for good|for me|after|because|instead)\b"
                            r"|\s*(?:,\s*)?\w+(?:\s+\w+)?\s+instead\b)", _I)
# "the Zumba class at Golf Green stopped", "our book club folded": a thing the user goes to
# that is over, said as its subject (never "the class ended at 8", "the rain stopped")
ACTIVITY_ENDED_RE = re.compile(
    r"^(?:(?:so|and|but|also|anyway|sadly),?\s+)?(?P<o>(?:the|my|our)\s+(?:[\w'-]+\s+){0,3}?(?:class|classes|club|group|course|"
    r"league|team|session|sessions|lessons|choir|band|gym|studio|program|programme|meetup|workshop)(?:\s+(?:at|in|on)\s+"
    r"[\w' -]{1,30}?)?)\s+(?:has\s+|have\s+|just\s+|finally\s+)*(?:stopped|closed|shut down|folded|ended|finished|"
    r"got cancel(?:l)?ed|was cancel(?:l)?ed|(?:is|are) (?:over|done|finished|no more))\b"
    r"(?!\s+(?:at|early|late|by|around|on time|for the (?:day|night|week|summer|holidays?))\b)", _I)
# "lisbon's a no, travel funding got cut", "the Japan trip fell through", "the wedding got
# called off": a plan that will not happen, said as its subject. "is off" alone says so only
# of a plan ("the trip is off"), not of a thing ("the light is off", "20% off").
PLAN_NOUNS = ("trip|holiday|holidays|vacation|wedding|party|move|plan|plans|conference|visit|concert|interview|"
              "surgery|operation|appointment|booking|deal|offer|sale|dinner|date|match|game|race|marathon|course|"
              "class|lessons|tour|camp|retreat|gig|show|festival|meeting|reunion|honeymoon|cruise|flight|"
              "job offer|internship|exchange|semester abroad|road trip|sleepover|playdate|barbecue|bbq")
# what is said of a plan that will not happen, after "is": "a no", "called off", ...
CALLED_OFF_WORDS = r"a (?:no|no-go|no go|nope)|not happening|not going ahead|cancel(?:l)?ed|called off|scrapped|axed"
# "lisbon's a no", "the trip to Rome is off", "the wedding got called off": a plan ended
CALLED_OFF_TEXT = re.compile(r"(?:\b(?:is|are|was|were)|'s|'re)\s+(?:" + CALLED_OFF_WORDS + r"|off)\b|\bfell through\b|"
                              r"\b(?:got|been) (?:cancel(?:l)?ed|called off|scrapped)\b|\b(?:isn't|is not|won't be) happening\b",
                              re.I)
# an event still to come, as the user said it: what a cancellation can end
PLANNED_TEXT = re.compile(r"\b(?:(?:is|are|am) (?:going|flying|travelling|traveling|heading|off) to|will|plans? to|"
                           r"planning|booked|signed up|registered|is getting married|are getting married)\b", re.I)
CALLED_OFF_RE = re.compile(
    r"^(?:(?:so|and|but|also|honestly|anyway|well|sadly|unfortunately|ugh|welp|update),?\s+)*"
    r"(?P<o>(?!(?:he|she|they|it|that|this|there|everything|life|work|school|the answer|the response)\b)"
    r"[a-z][\w' -]{1,30}?)(?:"
    r"(?:\s+(?:is|are|was|were)|'s|'re)\s+(?:" + CALLED_OFF_WORDS + r"|off for good)"
    r"|\s+(?:got|has been|have been|had to be)\s+(?:cancel(?:l)?ed|called off|scrapped|axed)"
    r"|\s+fell through|\s+(?:isn't|isnt|aren't|arent|won't be|wont be) happening)\b"
    r"|^(?:(?:so|and|but|also|anyway|well|sadly|unfortunately|ugh),?\s+)*(?P<p>(?:the|our|my)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:" + PLAN_NOUNS + r")(?:\s+(?:to|in|with|at)\s+[\w'-]+)?)(?:\s+(?:is|are)|'s|'re)\s+off\b(?!\s+(?:the|to|at|on|in|with|for|by|of)\b)"
    # "the Lagos posting ended early", "my contract finished in May": a spell of something ended
    r"|^(?:(?:so|and|but|also|anyway|well|sadly|unfortunately),?\s+)*(?P<e>(?:the|my|our)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:posting|contract|lease|placement|secondment|assignment|tenancy|rotation|internship|project|job|course|"
    r"treatment|programme|program|season|stint|tour|membership|subscription))\s+(?:has\s+)?(?:ended|finished|"
    r"wrapped up|ran out|expired|is over|was over)\b", _I)
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
                 "therapist", "doctor", "dentist", "mama", "papa", "mam",
                 # a parent by the word of the language the user mixes in ("my mamá Rosa", "my amma")
                 "mamá", "papá", "mãe", "maman", "amma", "ammi"}
# one's mother and father by every word they are called: a fact of "mama" is the mother's
PARENT_KEY = {"mom": "mother", "mum": "mother", "mama": "mother", "mam": "mother", "mother": "mother",
              "mamá": "mother", "mãe": "mother", "maman": "mother", "amma": "mother", "ammi": "mother",
              "dad": "father", "papa": "father", "papá": "father", "father": "father"}
RELATIONS = FAMILY_SINGLE | {"friend", "best friend", "bestie", "bff", "cousin", "colleague", "coworker", "co-worker",
                             "neighbor", "neighbour", "aunt", "uncle", "niece", "nephew", "kid", "kids",
                             "child", "children", "parents", "grandparents", "in-laws", "sibling", "siblings", "team",
                             "teammate", "classmate", "ex", "mentor", "kid's", "baby", "grandson", "granddaughter",
                             "grandchild", "grandchildren", "grandkid", "grandkids", "stepson", "stepdaughter"}
_REL = r"(?P<rel>best friend|" + "|".join(sorted((re.escape(r) for r in RELATIONS if " " not in r), key=len, reverse=True)) + r")"
PARTNER_WORDS = r"(?:wife|husband|partner|boyfriend|girlfriend|fianc[ée]e?|spouse)"
# the one the user says they are seeing, by the word that introduces them ("seeing this girl
# destiny", "stepping out wi' a gentleman"), and the partner word each stands for
DATED_ONE = r"(?:girl|guy|woman|man|lady|dude|bloke|gal|gentleman|fella|fellow|chap|lass|lad|quine)"
DATED_AS = {"girl": "girlfriend", "woman": "girlfriend", "lady": "girlfriend", "gal": "girlfriend", "guy": "boyfriend",
            "man": "boyfriend", "dude": "boyfriend", "bloke": "boyfriend", "lass": "girlfriend", "quine": "girlfriend",
            "lad": "boyfriend"}


def partner_word(text: str) -> str | None:
    """What the user's partner is said to be ("fiancé", "boyfriend"), or None."""
    m = re.search(r"\b" + PARTNER_WORDS + r"\b", text, re.I)
    return m.group(0).lower().replace("fiance", "fiancé").replace("éé", "é") if m else None
# Words of things a person has one of, what a fact opening with one of them capitalised is
# about ("Rent is $1,150", "Gym is Fitness First", "Car is a 2012 Civic", "Knee's fine now"):
# the user's thing, never a person of that name. Never a word that is a first name too
# ("Rose", "Will", "Bill", "Grace", "June", "May").
THING_WORDS = frozenset(
    "rent mortgage salary pay wage wages income money budget insurance bill bills revenue fee fees price cost "
    "costs savings debt loan pension stipend allowance tips feed base "
    "car truck van bike motor motorbike scooter phone laptop office home house flat apartment garage garden "
    "gym school uni college class classes course lessons lesson practice training choir team club league job "
    "work shift shifts rota roster schedule commute exam exams test flight return talk meeting standup term "
    "semester assessment appointment surgery therapy physio rehab weight sleep diet coffee tea lunch dinner "
    "breakfast name goal plan plans wedding trip holiday party season harvest calving lambing contract "
    "back knee knees hip hips wrist shoulder ankle brain head neck foot feet eyes eye heart leg legs arm "
    "winter summer spring autumn fall weekend weekends morning mornings evening evenings night nights "
    "kitchen shop store business company salon bakery restaurant cafe farm ranch boat ship site ward unit".split())
PET_WORDS = r"(?:dog|puppy|cat|kitten|parrot|bird|rabbit|bunny|hamster|guinea pig|fish|turtle|tortoise|snake|lizard|horse|ferret|gecko)"
ID_NOUNS = r"(?:code|number|password|passcode|pin|id|address|email|e-mail|birthday|anniversary|size|blood type|handle|username|plate|locker|zip ?code|postcode)"

# tokens that end a slot value
_VALUE_STOP_RE = re.compile(
    r"\s+(?:in (?=\d{4}|the week|january|february|march|april|may|june|july|august|september|october|"
    r"november|december)|on (?=\d{4}-)|since|for(?= \w+ (?:years?|months?|weeks?|days?)\b)|with|because|"
    r"as|now|these days|currently|anymore|from|after|before|when|where|which|who|but|so|last|next|this|"
    r"during|until|till|by|around|right now|at the moment|lol|haha|though|too|also|again|originally|"
    # when, said after the value: "Left Helvepharm end of August", "at the start of the month"
    # (in lower case: "End of the Road Records" is a name)
    r"(?-i:(?:at the )?(?:end|start|beginning|middle) of)(?= (?:the|last|this|next|january|february|march|april|may|"
    r"june|july|august|september|october|november|december)\b)|"
    r"and(?= [a-z])|,|;|\(|/(?=\s)|"
    # a new clause of the speaker's, unpunctuated: "Peach State Freight out of Forest Park I got 40 trucks"
    r"(?-i:I)(?:'m|'ve|'d|'ll|m)?(?=\s))"
    # a whole word, never the start of one ("Clínica Sorriso Paulista", "Asda", "Bytedance")
    r"(?!(?<=\w)\w)", _I)



# One thing said to replace another, the old value (a) and the new (b): "from A to B",
# "Dr Whitcombe, who has taken over Dr Anand's patients", "swapped the Pegasus for Hoka
# Clifton 9s", "replaced the key safes with ...", "A was replaced by B".
_PHRASE = r"[\w$£€.,:'&-]+(?:\s+[\w$£€.,:'&-]+){0,2}?"
_NAMED = r"[A-Z][a-z-]*(?:'[A-Z][a-z-]+)?"  # "Anand" in "Anand's", "O'Brien"
_PERSON = r"(?:(?:Dra|Dr|Prof|Mrs|Mr|Ms|Mx|Sra|Sr|Mme|dra|dr|prof|mrs|mr|ms)\.?\s+)?" + _NAMED + r"(?:\s+" + _NAMED + r")?"
# a titled name typed in lowercase: "dr. lindqvist"
_PERSON_ANY = r"(?:" + _PERSON + r"|(?i:dra|dr|prof|mrs|mr|ms)(?:\.\s*|\s+)[a-z][a-z'-]+)"
# an amount: "238", "1:01.7", "$2,100", "R5,400", "KSh 3,950", "10 mg", "64kg"
_AMOUNT = r"(?:[$£€₹¥]|(?-i:R|Rs|KSh|AED|USD|EUR|GBP|CHF|ZAR|AUD|CAD|NZD)\s?)?\d[\d,.:]*(?:\s?(?:k|kg|kgs|lbs?|mg|%|pounds|kilos|euros?|dollars))?"
# the prepositions and articles before a value: "on Hugin Øst", "the Flores lot"
_BARE = r"(?:(?:on|at|in|with|for|to|into|the|a|an|my|our)\s+)*"
# what is no value denied: "it is not what I wanted", "not just a job", "not so bad"
_NO_VALUE = r"(?:what|how|why|who|where|when|that|this|just|only|so|too|very|really|even|sure|about|yet|always|enough)\b"
# a date's words kept beside it: "on 2025-03-08 (the 8th of March)"
_GLOSS = r"(?:\s*\([^()]{1,40}\))?"
# where a value said in a correction ends: a stop, a comma, or a reason after it
_VALUE_END = r"(?=\s*(?:[.,;!?]|$)|\s+(?:because|since|as|cause|coz|cos|anymore|any more|now|so)\b)"
REPLACEMENT_RES = (
    re.compile(r"\bfrom\s+(?P<a>" + _PHRASE + r")\s+(?:to|into)\s+(?P<b>\w[\w$£€.,:'&-]*)", re.I),
    # a new amount said before the old one: "down to 221 from 238", "1,350, up from 1,200",
    # "1:01.7 (was 1:02.9)"
    re.compile(r"\b(?:down|up|dropped|fell|rose|went up|went down|climbed|jumped|raised|lowered|cut)\s+to\s+(?P<b>"
               + _AMOUNT + r")\s+(?:now\s+)?from\s+(?P<a>" + _AMOUNT + r")(?![\w:])", re.I),
    re.compile(r"(?<![\w.:])(?P<b>" + _AMOUNT + r")(?:\s+now)?,?\s+(?:down|up)\s+from\s+(?P<a>" + _AMOUNT + r")(?![\w:])",
               re.I),
    re.compile(r"(?<![\w.:])(?P<b>" + _AMOUNT + r")\s*\((?:was|from|previously)\s+(?P<a>" + _AMOUNT + r")\)", re.I),
    re.compile(r"(?P<b>" + _PERSON_ANY + r"),?\s+(?:who\s+)?(?:has\s+|had\s+|have\s+)?(?:taken|took)\s+over\s+(?:from\s+)?"
               r"(?P<a>" + _PERSON_ANY + r")(?='s\b|\b)"),
    re.compile(r"\b(?:swapped|switched|traded|exchanged|replaced|ditched|changed)\s+(?:the |my |our |a |an )?(?P<a>" +
               _PHRASE + r")\s+(?:for|with)\s+(?:the |a |an |some )?(?P<b>\w[\w$£€.,:'&-]*)", re.I),
    re.compile(r"(?P<a>" + _PERSON + r")\s+(?:was|has been|got|is being)\s+replaced\s+by\s+(?P<b>" + _PERSON + r")"),
    # "dr. okafor took a job at UBC so I've been handed over to dr. lindqvist": the one
    # who left, then the one the user was passed to
    re.compile(r"(?P<a>" + _PERSON_ANY + r")\s+(?:(?i:has|had|just|recently)\s+)*(?i:retired|left|quit|resigned|"
               r"stepped down|moved|took|went|got|accepted)\b[^.;!?]{0,60}?,?\s+(?i:so|and|which means)\s+(?i:now\s+)?"
               r"(?i:i've been|i have been|i was|i got|i'm being|i am being|we've been|we were|i'm|i am)\s+"
               r"(?i:handed|passed|transferred|moved|reassigned|assigned|switched|put)\s+(?i:over\s+)?(?i:to|with)\s+"
               r"(?P<b>" + _PERSON_ANY + r")"),
    # the new value, then the old one it is instead of: "I am on Hugin Øst, not Skarv Delta
    # anymore", "we're at the Flores lot now, not Broadway"
    re.compile(r"\b" + _BARE + r"(?P<b>" + _PHRASE + r")(?:\s+now\s*,?|\s*,)\s*not\s+" + _BARE + r"(?P<a>" + _PHRASE +
               r")\s+(?:anymore|any more|no more)\b", re.I),
    re.compile(r"\b" + _BARE + r"(?P<b>" + _PHRASE + r")\s+now\s*,?\s+not\s+" + _BARE + r"(?P<a>" + _PHRASE +
               r")(?=\s*(?:[.;!?]|$))", re.I),
    # a value put right by its negation: "the wedding is not the 8th of March is the 15th",
    # "it's not Tuesday, it's Thursday", "was not Lidl but Aldi"
    re.compile(r"\b(?:is|are|was|were|'s|\u2019s)\s+not\s+" + _BARE + r"(?!" + _NO_VALUE + r")(?P<a>" + _PHRASE + r")" + _GLOSS + r"\s*[,;]?\s+"
               r"(?:(?:it|that|she|he|they)(?:'s|\u2019s|'re|\s+(?:is|was|are|were))|is|are|was|were|but(?:\s+(?:it's|"
               r"it is|is|was))?|rather)\s+" + _BARE + r"(?P<b>" + _PHRASE + r")" + _GLOSS + _VALUE_END, re.I),
    # the new value after the verb, then the old one denied: "the bocce now is Saturday
    # morning not Thursday because ...", "we meet on Fridays, not Mondays"
    re.compile(r"\b(?:is|are|'s|\u2019s|'re)\s+(?:now\s+)?" + _BARE + r"(?P<b>" + _PHRASE + r")" + _GLOSS + r"\s*,?\s+not\s+"
               + _BARE + r"(?P<a>" + _PHRASE + r")" + _GLOSS + _VALUE_END, re.I),
)

# the replacements said of people: "B has taken over A's patients", "A was replaced by B"
PERSON_REPLACEMENT_RES = (REPLACEMENT_RES[4], REPLACEMENT_RES[6], REPLACEMENT_RES[7])


# what the change ends, up to a comma or a reason.
ENDED_RE = re.compile(r"\b(?:stopped|quit|gave up|dropped|ditched|dumped|sold|no more|cancel(?:l)?ed|ended|finished with|done with|"
                       r"chucked|took (?:me|us|User|them) off|"
                       r"got rid of|no longer (?:do|doing|have|go to|take)|(?:gone|went) off|lost interest in|"
                       r"got bored of|fell out of love with|used to (?:be into|be obsessed with|be a fan of|[a-z]+))\s+"
                       r"(?:the |my |our |a |an |doing |going to )?"
                       r"(?P<o>[\w' -]+?)(?=\s*(?:[,.;:!?()]|$|\s(?:because|since|as|for|so|and|but|now|anymore|"
                       r"any more)\b))"
                       r"|^(?:User's )?(?P<s>[\w' -]{1,30}?)(?:\s+(?:is|are)|'s|'re)\s+(?:(?:so|kinda|pretty|lowkey)\s+)*"
                       r"(?:out|over|done|finished|mid|overrated|cringe|boring|trash|dead to (?:me|them|User)|"
                       r"(?:got |been )?(?:" + CALLED_OFF_WORDS + r"|off))\b"
                       # "the Japan trip fell through", "the wedding got called off": a plan that ended
                       r"|^(?:User's )?(?P<f>(?!(?:User|I|we|they|he|she)\b)[\w' -]{1,30}?)\s+(?:fell through|(?:got|was|were) (?:cancel(?:l)?ed|called off)|"
                       r"(?:isn't|is not|won't be) happening|(?:has )?(?:ended|finished|wrapped up|ran out|expired|stopped|"
                       r"closed|shut down|folded|(?:finally |just )?(?:died|packed up|conked out|gave up the ghost)|"
                       r"(?:got|was) written off))\b(?!\s+(?:at|early|late|by|around|on time)\b)", re.I)


# the replacements that give a new amount with the old: "down to 221 from 238"
AMOUNT_REPLACEMENT_RES = REPLACEMENT_RES[1:4]
# someone else's: "his weight is down to 80 from 85", "Ana's rent went up to 900 from 850"
_OTHERS_RE = re.compile(r"\b(?i:he|she|they|his|her|their|him|them)\b|^(?!It's)[A-Z][\w-]+'s\b")


def amount_replaced(text: str) -> bool:
    """Whether a text gives a new amount beside the old one ("down to 221 from 238"),
    about no one else: said without a subject, it is the user's own measure."""
    return any(rx.search(text) for rx in AMOUNT_REPLACEMENT_RES) and not _OTHERS_RE.search(text)


# what "from A to B" is a way or a span after, not a change: "the train from Munich to
# Augsburg", "the drive from Cork to Kinsale", "2 hours from Leeds to York" ...
_ROUTE_BEFORE = re.compile(r"\b(?:trains?|flights?|fly|flies|flying|flew|bus|buses|coach|tram|drive|drives|driving|drove|"
                           r"commute|commutes|commuting|journey|journeys|trips?|rides?|road|route|way|walks?|walking|"
                           r"ferry|shuttle|travel|travels|travell?ing|hike|cycle|cycling|run|distance|km|miles|minutes|"
                           r"mins|hours|hrs|tickets?|connection)\b(?:\s+[\w'-]+){0,3}\s*$", re.I)
# ... and "open from Monday to Friday", "from 9 to 5": a span of days or hours
_SPAN_END = re.compile(r"^(?:" + "|".join([*WEEKDAYS, *WEEKDAY_SHORT]) + r"|\d{1,2}(?::\d\d)?\s*(?:am|pm)?)s?\W*$", re.I)
# ... unless a change is said before it: "the flight got moved from Tuesday to Friday"
_CHANGED_BEFORE = re.compile(r"\b(?:moved?|moving|moves|relocated|relocating|changed?|changing|switched|switching|went|"
                             r"gone|transferred|transferring|upgraded|downgraded|shifted|pushed|promoted|swapped|"
                             r"converted|bumped|rose|fell|dropped|increased|decreased|raised|cut|rescheduled)\b", re.I)


def replacement(text: str) -> tuple[str, str] | None:
    """The (old, new) pair a text says one thing replaced another with, or None. "From A
    to B" after a way ("the train from Munich to Augsburg") or as a span of days or hours
    ("from Monday to Friday") is no change, unless one is said before it ("the flight got
    moved from Tuesday to Friday")."""
    for i, rx in enumerate(REPLACEMENT_RES):
        m = rx.search(text)
        if m is None:
            continue
        a, b = m.group("a").strip(" ,."), m.group("b").strip(" ,.")
        if i == 0 and not _CHANGED_BEFORE.search(text[:m.start()]) \
                and (_ROUTE_BEFORE.search(text[:m.start()]) or (_SPAN_END.match(a) and _SPAN_END.match(b))):
            continue
        return a, b
    return None


# A stored statement that was said as a change: what made it one, read back from its text.
_CHANGE_UPDATE_TEXT = re.compile(r"\b(?:now|these days|nowadays|instead|went (?:up|down)|(?:is|are) (?:up|down) to|"
                                 r"rose|dropped|increased|decreased|changed|moved|switched|swapped|transferred|relocated|"
                                 r"promoted)\b", re.I)
_CHANGE_DELETE_TEXT = re.compile(r"\b(?:no longer|not anymore|any ?more|stopped|quit|gave up|sold|got rid of|"
                                 r"let (?:user|them|user and family) go|laid (?:user|them) off|"
                                 r"broke up|moved out|fell through|called off|cancel(?:l)?ed|not happening|"
                                 # "User left Da Ciro in March": a place or a firm left, by its name
                                 r"left (?:the |their |his |her )?(?-i:[A-Z])[\w'-]+|"
                                 r"(?:is|'s) a (?:no|no-go|no go|nope))\b"
                                 # "Javi left", "Dev has left": someone named who left, said first
                                 r"|^(?!(?:the|this|that|my|our|his|her|their|its|it|we|i|they|he|she|you|user|turn|"
                                 r"keep|stay|bear|go|then|one|two|only|nothing|all)\b)(?-i:[A-Z])[\w'-]+"
                                 r"(?: (?:has |finally |just )*)?\s*left\b(?!\s+(?:yesterday|today|"
                                 r"for|after|on|at|early|late|this|last))", re.I)


def still_confirms(text: str, cue: re.Match[str] | None) -> bool:
    """Whether "still" makes a text with a change cue (`cue`, None when the change is said
    otherwise) a confirmation: "still at Shopify for now" changes nothing, but "R450 for the
    90 min private now, still cheaper than the guys in Muizenberg" says a new price: "still"
    after the cue, in a clause of its own, is about something else."""
    still = re.search(r"\bstill\b", text, re.I)
    if still is None:
        return False
    if cue is None or still.start() < cue.start():
        return True
    return not re.search(r"[,;:\u2013\u2014]|\s-\s|\b(?:but|and|though)\b", text[cue.end():still.start()], re.I)


def change_said(text: str) -> str | None:
    """The change cue a stored text carries ("update", "delete" or None), as its
    extraction would have read it."""
    if _CHANGE_DELETE_TEXT.search(text):
        return "delete"
    cue = _CHANGE_UPDATE_TEXT.search(text)
    if cue and not still_confirms(text, cue):
        return "update"
    return None


# a hand of a trade is an occupation too: "floorhand", "derrickhand", "deckhand", "ranch hand";
# never "secondhand", "beforehand", "offhand"
TRADE_HAND_RE = re.compile(r"(?!(?:second|first|before|off|under|back|fore|up|over|right|left)hand)[a-z]{3,}hand", _I)


# what a person gets about in: the kinds, the makes and the models said as names of them
VEHICLES = frozenset("""
car truck van suv pickup ute minivan hatchback sedan saloon estate wagon motorbike motorcycle scooter moped bike bicycle
ebike e-bike vespa tractor lorry rig camper campervan rv matatu tuk-tuk kombi bakkie
toyota honda subaru kia hyundai ford tesla rivian volkswagen vw bmw audi mercedes nissan mazda chevy chevrolet jeep
dodge gmc volvo renault peugeot citroen citroën fiat skoda seat dacia kenworth freightliner peterbilt mack daf scania
iveco yamaha suzuki kawasaki ducati triumph harley mitsubishi lexus mini tata maruti mahindra byd polestar lucid
porsche opel vauxhall holden isuzu proton perodua genesis acura infiniti cadillac buick lincoln alfa jaguar landrover
corolla civic camry sienna outback highlander kona tacoma hilux ranger telluride prius rav4 vitz clio golf polo focus
fiesta f-150 f150 cr-v crv accord odyssey pilot tucson sportage forester impreza crosstrek jetta passat corsa astra
yaris swift alto creta nexon leaf bolt model3 tiguan qashqai juke micra note fit jazz brio city amaze innova fortuner
prado landcruiser navara frontier silverado sierra tundra wrangler cherokee explorer escape mustang transit sprinter
cascadia t680 w900 zoe kangoo berlingo partner transporter caddy octavia fabia sandero duster carens seltos sorento
deere massey ferguson fendt kubota claas deutz valtra zetor mccormick landini
""".split())


def vehicle_opens(text: str) -> bool:
    """Whether a clause opens with a vehicle, by its kind, make or model ("The Hilux finally
    died on the Outjo road", "the van's gone"): the user's own thing, whose end is theirs."""
    m = re.match(r"^(?:the|our|my|User's)\s+(?:old\s+|new\s+)?(?:\d{4}\s+)?(?P<v>[\w-]+)\b", text, re.I)
    return m is not None and m["v"].lower() in VEHICLES


# "parking went up to $210 now", "running is up to 10k", "her parents moved to Daejeon":
# a new value for something already said.
_WORLD_CHANGE_RE = re.compile(r"\b(?:now|these days|any ?more|instead|went (?:up|down)|(?:is|are) (?:up|down) to|"
                              r"rose|dropped|increased|decreased|changed|moved|switched|no longer|shifted|postponed|"
                              r"rescheduled|pushed (?:back )?to|brought forward)\b", _I)


def world_change(text: str) -> str | None:
    """The change cue of a clause about the user's world, not said in the first person: a
    new value ("parking went up to $210 now"), or the end of a vehicle of theirs ("The
    Hilux finally died on the Outjo road")."""
    if _WORLD_CHANGE_RE.search(text) or replacement(text):
        return "update"
    return "delete" if vehicle_opens(text) and CHANGE_DELETE_RE.search(text) else None


# The user's new way said of "it", the thing left out ("so it's porridge with a few blueberries
# now", "these days it's tea, not coffee", "it's a Kia now"): with a cue of change before or
# after, and a thing, never the weather, the time or a judgment ("it's raining now", "it's late
# now", "it's fine now")
IT_IS_NOW_RE = re.compile(
    r"^(?=(?:(?:so|now|these days|nowadays)\s*,?\s+)+it'?s\s|.*\b(?:now|these days|nowadays|instead)\W*$)"
    r"(?:(?:so|and|but|now|these days|nowadays)\s*,?\s+)*(?:it'?s|it is)\s+(?:all\s+)?"
    r"(?!(?:raining|snowing|pouring|sunny|cloudy|windy|cold|hot|warm|freezing|boiling|late|early|fine|ok|okay|alright|good|"
    r"bad|great|better|worse|hard|easy|nice|lovely|weird|crazy|mad|busy|quiet|bit|lot|so|too|very|really|been|being|just|not|"
    r"true|funny|over|done|time|the same|worth|like|about|because|getting|going|gonna|almost|nearly|only|still|my|your|"
    r"his|her|their|our|up|down|off|on|out|in|what|how|when|where|why|who|that|this|gone|back|here|there|"
    r"a no|a yes|a maybe|a go|no|yes|\d{1,2}(?::\d\d)?\s*(?:am|pm|o'?clock))\b)(?P<v>[a-z][\w'-]*(?:[\s,]+[\w'-]+){0,8})\W*$",
    re.I)
