"""The words a request to the memory is said in: the verbs of forgetting and of not keeping,
what may stand before them ("please", "can you", "do me a favour"), what names a thing that
was said ("what I told you about", "the bit about", "ce que je t'ai dit sur"), what points
back at it ("it", "that", "ça") and where a topic ends. `requests` reads requests with them."""

from __future__ import annotations

import re

from .claims import parse
from .extract.clauses import _ABBREVIATIONS

_VERB = (r"(?:forget|delete|erase|remove|wipe|scratch|scrap|scrub\s+out|scrub|drop|disregard|unlearn|unremember|purge|clear|rm|comot|"
         # what is taken back by a verb of doing: only with what was said ("take out that thing about
         # Nino", "bin wot i said bout shazia"), never "take out the bins" (`_SAID_ONLY`)
         r"take\s+out|take\s+back|leave\s+out|cut\s+out|bin|withdraw|retract|ignore|lose|get\s+rid\s+of|throw\s+(?:out|away)|chuck|ditch|toss|cross\s+(?:out|off)|(?<=rather you )forgot|(?<=rather u )forgot|"
         # and the same asked in the languages users mix in: "apaga isso", "borra eso", "oublie ça"
         r"apaga|apague|borra|borre|oublie|oubliez|efface|vergiss|lösch|lösche|cancella|dimentica|esquece|esqueça|"
         r"esqueca|olvida|lupakan|lupain|hapus|strike|supprime|supprimez|enl[eè]ve|retire|"
         # "let's pretend I never told you about Simran's boyfriend": what follows is the topic
         r"pretend (?:i|we) never (?:told you|said anything|said|mentioned)(?: anything)?(?: about)?|"
         # Swahili, Hindi and Urdu, Kreyòl, Tagalog, the Nordic languages, Finnish, Dutch, Polish
         r"sahau|bhool jao|bhul jao|bhool ja|bliye|efase|kalimutan|glöm|glem|unohda|vergeet|zapomnij|"
         # and as it is spelled in a text or said in a dialect: "4get", "fuhget", "fi get what mi seh"
         r"4get|forgit|fuhget|fugget|f[ei] ?get(?=\s+(?:what|wha|weh|everything|all)\s))")
# Verbs of doing to things as much as to memory ("drop the kids at school", "clear the table
# before dinner"): a request only when what follows names what was said, not a place or a time
_PHYSICAL = frozenset("remove wipe scratch scrap strike scrub drop purge clear apaga apague borra borre efface".split())
_SAID_ONLY = frozenset({"take out", "take back", "leave out", "cut out", "bin", "withdraw", "retract", "ignore", "lose", "get rid of", "throw out", "throw away", "chuck", "ditch", "toss", "scrub out", "cross out", "cross off"})
_KEEP = (r"(?:remember|keep|store|save|record|retain|note down|write down|jot down|make a note of|(?:hold|hang) on ?to(?=\s+(?:what|wot|"
         r"anything|everything|my|our|his|her|their|(?:the|that|this) (?:[\w'-]+ )?(?:stuff|bit|part|thing|story|info|business|matter)\b)))")  # (never "don't hold on to the rail")
# "dont put that down forget I said anything about hank": a request of what was said needs
# no pause before it, unless a subject or an adverb makes it a statement ("I always forget
# what I said about her")
_NOT_AFTER = ("i", "we", "you", "u", "they", "he", "she", "to", "can", "will", "never", "always", "often", "don't",
              "dont", "i'll", "might", "may", "would", "could", "should", "must", "not", "ever", "sometimes", "usually")
_BARE_LEAD = (r"(?<![\w'])" + "".join(rf"(?<!\b{w} )" for w in _NOT_AFTER) +
              r"(?=(?:forget|erase|delete|disregard)\s+(?:what\s+|that\s+)?(?:i|we)\s+(?:ever\s+|just\s+|even\s+)?"
              r"(?:said|mentioned|told|wrote)\b)")
# the words of feeling a request may open with, in the languages users mix in ("aiya forget
# that ICAC thing ah", "eish, delete that")
_INTERJECTION = r"(?:aiya|aiyah|aiyo|aiyoh|alamak|arre|arrey|yaar|ugh|oops|oi|eish|ag|ach|wah|haiya|ay|ai|pois|olha|aki|yaani|tanpri)"
# What may stand before an imperative: politeness, discourse words, "can you".
# "do me a favour, forget that ticket": a favour asked before the imperative
_LEAD = (r"(?:^|[,;:(\u2014\u2013]\s*|\b(?:and|also|ok|okay|oh|eh|ah|so|but|then|just|actually|please|pls|plz|kindly|now|wait|hmm|sorry|let'?s|"
         + _INTERJECTION[3:-1] + r")\s+|"
         r"\bdo me a favou?r,?\s+(?:and\s+)?|" + _BARE_LEAD + ")"
         r"(?:(?:please|pls|plz|kindly|also|just|actually|and|n|&|abeg|biko|bitte|stp|svp|(?:no,?\s+)?mejor)\s+)*")
_ASK = (r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|plz\s+|just\s+)?"
        # "Nani wants you to forget about ...", "I'd like you to delete ...": asked for someone
        r"|(?:[\w'-]+\s+)?(?:wants?|would like|i?'d like|needs?)\s+(?:you|u)\s+to\s+(?=(?:forget|delete|erase|remove|drop|scrap|wipe|bin|lose|ditch)\b)"
        r"|i'?d (?:much )?rather (?:you|u) (?=forgot\b)"  # "I'd rather you forgot about the loan thing"
        # "I think you should forget that about Geir": advice is a request too
        r"|(?:i think\s+)?(?:you|u)\s+(?:should|need to|must|have to|better)\s+(?:just\s+|really\s+)?"
        r"(?=(?:forget|delete|erase|strike|unlearn)\b))?")
# "you can forget those ward codes": a permission, with a verb of memory only ("you can
# drop the romanisation now" is about the replies, not the memory)
_PERMIT = r"(?:you|u)\s+(?:can|could|may)\s+(?:just\s+|now\s+|also\s+)?(?=(?:forget|delete|erase|bin|lose|ditch|chuck|toss)\b)"
_NEG_KEEP = (r"(?:(?:please\s+|pls\s+|plz\s+)?(?:don'?t|do not|dont|dinna|dinnae|dinnit|dunna|dunnae|divvent|no need to|stop|i'?d rather you (?:didn'?t|didnae|didna)|"
             # "you don't need to remember ...", "it would be better if you did not keep ...", "I'd prefer you didn't ..."
             r"(?:you\s+)?(?:don'?t|do not) need to|(?:better|best) if you (?:didn'?t|did not|don'?t|do not)|"
             r"i'?d prefer (?:it )?(?:if )?you (?:didn'?t|did not)|"
             r"i don'?t want you to|(?:can|could|would) (?:you|u) (?:please |pls )?not|i (?:would |must )?(?:ask|request) (?:that )?you (?:do )?not)\s+" + _KEEP + r"(?:ing)?)")
_ABOUT = r"(?:about|abt|'?bout|aboot|re|regarding|concerning|tungkol (?:kay|sa))"  # "what a said aboot Gary": as a dialect says it
# when it was said, between the saying and what about: "what I told you in the spring about my brother", "that bit i said back in june abt steve"
_MONTHS = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_WHEN_SAID = (r"(?:earlier|before|last time|yesterday|the other (?:day|week)|ages ago|a (?:while|bit) (?:ago|back)|"
              r"(?:a few|a couple of|two|three|some) (?:days|weeks|months) (?:ago|back)|last (?:week|month|year|session|spring|summer|autumn|fall|winter)|"
              r"(?:back )?(?:in|over|during) the (?:spring|summer|autumn|fall|winter)|(?:back )?in " + _MONTHS + ")")
_SAID = (r"(?:(?:what|wot|wat|wetin|wha|weh|everything|anything|all|(?:the|that|this) (?:thing|stuff|bit|part|story)s?(?: that)?)\s+"
         # ("nani says: please forget what she told you about Pinky's in-laws": a message typed for someone)
         r"(?:i|i've|ive|i have|we|mi|a|she|he)\s+"
         r"(?:just\s+|ever\s+)?(?:said|told(?: you| u| ye| ya)?|tole(?: you| u| ya)?|telt ye|mentioned|shared|wrote|written|say|"
         r"seh|tell you|typed|talked|talk)"
         r"(?:\s+" + _WHEN_SAID + r")?\s+(?:" + _ABOUT + r"|on|of)\s+"
         # "forget I said anything 'bout Dwayne's boy", "forget I ever mentioned the loan", "forget I
         # tole you dat about Dale"
         r"|(?:that\s+)?(?:i|we)\s+(?:ever\s+|even\s+)?(?:said|mentioned|told you|told u|told ye|told ya|tole you|tole ya|brought up|"
         r"talked)\s+(?:(?:anything|something|a thing|a word|(?:all )?(?:of )?(?:that|this|dat|dis)|it|stuff)\s+)?"
         r"(?:" + _ABOUT + r"|of)\s+"
         # Indonesian: "lupain aja soal DanaKilat"
         r"|(?:aja\s+|saja\s+)?(?:soal|tentang)\s+"
         # Swahili: "sahau hiyo story ya Musa"; Kreyòl: "bliye koze Jean an"
         r"|(?:hiyo\s+|ile\s+)?(?:story|stori|habari|mambo|kisa|issue)\s+(?:ya|za|wa)\s+|(?:koze|istwa|zafè)\s+"
         r"|(?:that\s+)?(?:i|we)\s+(?:ever\s+|even\s+)?(?:mentioned|brought up)\s+"
         # "forget that about Geir", "strike that about Greyling", "olvida lo de Rudy"
         r"|(?:that|this)\s+(?:about|abt|'?bout|regarding)\s+|(?:lo|eso|esto)\s+(?:de|del|sobre)\s+"
         # "delete that bit bout leah", "scrap the part about the loan"
         r"|(?:the|that|this)\s+(?:whole\s+)?(?:thing|stuff|bit|part|story|info)\s+(?:" + _ABOUT[3:-1] + r"|on|with)\s+"
         # "wipe the bit where I talked about Gareth"
         r"|(?:the|that|this)\s+(?:bit|part)\s+where\s+(?:i|we)\s+(?:talked|said|went on|was going on|told you|mentioned|brought up)\s+(?:about\s+)?"
         # "oublie l'histoire de Khady", "oublie ce que j'ai dit sur Paul"
         r"|(?:l'histoire|l'affaire|le truc|ce que (?:j'ai|je t'ai|je vous ai) (?:dit|racont[ée]|[ée]crit))\s+"
         r"(?:de|du|des|d'|sur|[àa] propos de)\s*)")
# "don't keep my X" may also start mid-sentence, after a word boundary.
_LEAD_ANYWHERE = _LEAD.replace("(?:^|", "(?:^|\\b|")
_REQUEST = re.compile(
    # ("I don't keep the receipts": a habit said, not a request)
    r"(?:" + _LEAD + r"(?:" + _ASK + r"|" + _PERMIT + r")(?P<verb>" + _VERB + r")|" + _LEAD_ANYWHERE
    + "".join(rf"(?<!\b{w} )" for w in ("i", "we", "they", "he", "she", "you", "u", "a")) + r"(?P<neg>" + _NEG_KEEP + r"))"
    r"\s+(?P<obj>.+)$"
    # "I don't want that kept anywhere": the thing not to keep before the keeping
    r"|\bi (?:don'?t|do not|dont) want (?P<obj2>that|it|this|those|any of (?:that|it)) (?:kept|stored|saved|remembered|"
    r"hanging around|lying around|on file)\b",
    re.IGNORECASE)
# A request whose object points back ("..., forget it", "could you not keep that"): the
# topic is what the message said before it was told ("what I said about Siobhan and her
# divorce, forget it", "that business about Huw I told you, ..., could you not keep that")
_BACK = re.compile(r"^(?:it|that|this|those|am|ça|cela|isso|isto|eso|esto|das|dies|questo|that one|all (?:of )?(?:that|this|it)|any of (?:that|it)"
                   # "forget I ever said that to you": what was said, pointed at
                   r"|i (?:ever |even |ever even )?(?:said|told you|told u|told ye|told ya|mentioned|brought up|wrote)(?: (?:that|it|this|any of "
                   r"(?:that|it)))?(?: to (?:you|u))?)\b\s*(?:[,.;!?]|$|(?:please|pls|"
                   r"kept|stored|saved|anywhere|either|too|as well|for me|ok|okay|that'?s|it'?s|i|fully|entirely|completely|"
                   r"stp|svp|porfa|por favor|bitte|s'il (?:te|vous) pla[iî]t|per favore|"
                   # a word tagged on as the user talks ("forget it aye", "delete that mate")
                   r"aye|yeah|yep|eh|lol|thanks|thx|cheers|ta|innit|sha|lah|alright|all right|mate|bro|dude|"
                   r"altogether|totally|for good|at all|(?:from|in|on|out of) (?:ur|your|the) (?:memory|memories|notes|system|records?|head|mind|book))\b)",
                   re.IGNORECASE)
_TOLD_BEFORE = re.compile(r"\b(?:what|everything|anything|all|the|that|this)\s+(?:(?:\w+\s+){0,2}?(?:i|i've|ive)\s+"
                          r"(?:said|told you|told u|told ye|told ya|tell you|mentioned|shared|wrote)(?:\s+" + _WHEN_SAID + r")?|(?:business|matter|thing|stuff|bit|story|"
                          r"part)s?)\s+(?:about|abt|'?bout|re|regarding|concerning|with|on)\s+"
                          # "the matter of Jordi and his wife that I told you": a story of someone
                          r"|\b(?:the|that|this)\s+(?:business|matter|story|affair)\s+of\s+(?=(?-i:[A-Z])|(?:the|my|our|his|her|their)\b)"
                          # Tagalog: "yung kwento ko tungkol kay Ate Joy at sa pera niya, paki-delete na"
                          r"|\b(?:yung|ang)\s+(?:kwento|sinabi|chismis|chika)\s+ko\s+(?:sa\s+(?:iyo|yo)\s+)?tungkol\s+(?:kay|sa)\s+"
                          # "I shouldn't have told you about Dai and the money. Please forget it."
                          r"|\b(?:i|we)\s+(?:shouldn'?t|should not|should never|never should)\s+have\s+(?:told you|said anything|"
                          r"mentioned|brought up)\s+(?:about\s+)?"
                          # "and about the course I flunked, delete that": the topic set up before
                          r"|(?:^|[,;.!?]\s*|\b(?:and|also|oh|ah|so|now|actually)\s+)(?P<setup>about|as for|regarding)\s+(?=(?:the|my|"
                          r"that|this|what|our)\b|(?-i:[A-Z])[a-z])", re.IGNORECASE)
# Where a topic ends: the reason or the next clause.
# the abbreviations the sentence splitter knows, and titles typed in lower case ("dr. okafor")
_TITLE_WORDS = (*_ABBREVIATIONS, "mr", "mrs", "ms", "dr", "prof")
_NOT_A_STOP = "".join(rf"(?<!\b{a})" for a in _TITLE_WORDS)
_TOPIC_END = re.compile(
    r"\s*(?:[,;:!?(\u2014\u2013]|" + _NOT_A_STOP + r"\.|\s[-/]\s|\b(?:because|cause|cuz|since|as|so|it'?s|its|it is|he'?s|she'?s|they'?re|"
    r"i'?ve|i'?m|i'?d|i|that'?s|from (?:whatever|your|ur|yer|yr|the|my|memory)|from memory|on file|anywhere|please|pls|plz|"
    r"thanks|thank you|ok|okay|yeah|yea|innit|tho|though|lol|lmao|comma|period|full stop|no more|any ?more|wey|"  # (dictated punctuation)
    # a spoken particle closing the clause: "don't remember the Raymond thing can, is his private matter"
    r"lah|leh|lor|hor|sia|meh|(?-i:ah)|ya|yah|deh|dong|(?:can|po)(?=\s*[,.!?]|\s*$))\b)", re.IGNORECASE)
_CLAUSE_END = re.compile(r"\s*(?:[,;:!?(\u2014\u2013]|" + _NOT_A_STOP + r"\.|\s-\s|\b(?:because|cause|cuz|since|so)\b)", re.IGNORECASE)
# ("that ticket", not "that easily" or "that for now")
_POSSESSIVE = re.compile(r"^(?:my|our|the|his|her|their|those|these|that(?=\s+(?!\w+ly\b|(?:is|was|too|for|now|please|in|on|at|under|"
                         r"one|thing|stuff|bit|part|already|right|then|okay|ok)\b))|[a-z]+'s)\s+", re.IGNORECASE)
# "anything about him", "everything about the move": what was said, without "I said"
_ANY_ABOUT = re.compile(r"(?:anything|everything|all|whatever)\s+(?:at all\s+)?(?:about|abt|'?bout|re|regarding|to do with)\s+",
                        re.IGNORECASE)
# "the story about the boiler", "the salary conversation": what a topic is told as, not what it is
_TOLD_AS = re.compile(r"^(?:the|that|this|our|my)\s+(?:whole\s+)?(?:story|conversation|chat|discussion|thing|stuff|bit|"
                      r"part|info|note|notes|details?|entry|record)\s+(?:about|abt|'?bout|re|regarding|on|of|with)\s+", re.IGNORECASE)
_VAGUE = frozenset({"thing", "stuff", "bit", "part", "story", "info", "information", "detail", "old", "said", "matter", "item", "items", "palaver", "issue", "issues",
                    "note", "notes", "entry", "record", "memory", "memories",
                    "conversation", "chat", "discussion", "before", "earlier", "above", "aforementioned",
                    "told", "mentioned", "whole", "all", "everything", "how", "much", "many", "what", "when",
                    "where", "who", "why", "which"})

# Probes the request test must not fire on (documented negative cases, tested).
NOT_REQUESTS = ("in case I forget", "I always forget my keys", "don't forget to call mum", "did you forget?",
                "forget it, never mind", "I forgot my password again", "never forget where you came from",
                "forget about work for a while, let's talk games", "I'll delete the app tonight",
                "we removed the old shed", "I want to remember this trip forever",
                "forget about it", "just forget about work tonight")


def _stems(words: str) -> frozenset[str]:
    return parse("x " + words).words - {"x"}  # "x": the words do not open a sentence


# (and the small words of the languages users mix in: "le médecin et la pharmacie")
_FOREIGN_SMALL = frozenset("le la les et de du des un une sur au aux el los las y del lo o os as em do da dos das um uma "
                           "und der die das den ein eine il di e ese esa eso este esta ce cette".split())
# a title before a name is no word of the topic ("Herr Brandl's private affairs": Brandl)
_TITLES = frozenset("mr mrs ms miss dr herr frau señor señora senor senora monsieur madame signor signora".split())
_VAGUE_STEMS = _VAGUE | _stems(" ".join(sorted(_VAGUE))) | _FOREIGN_SMALL | _TITLES
# words that name the topic only when nothing else does: "the Pruitt business" is Pruitt, "the affair" is the affair
_WEAK = _stems("business affair affairs situation drama saga incident mess private personal papers paperwork")  # "business" is read as "busines"


def topic_words(topic: str) -> frozenset[str]:
    # (a letter alone is no word of a topic: "the meds n the tram")
    words = frozenset(w for w in _stems(topic) if len(w) > 1 or w.isdigit()) - _VAGUE_STEMS
    return words - _WEAK or words
