"""A stay begun, said without "I work at" or "I live in": "First month at Cleveland Clinic
Abu Dhabi, my charge nurse is strict", "my first week with Brightline", "two months at
Maison Brunet, I run the brigade" (a spell somewhere is a job only when work is said),
"onboarding at Nubank is 3 wks", "the new flat in Leith has no lift", "the place in Đà Nẵng
is 6.5 million", and the daily journey from home: "the drive in to work from Carrigaline is
a dream", "From Catford the school run is one bus", and a home that comes with the job or
that a rent is for: "they give accommodation in Al Reem", "rent at the Roncesvalles place
is $2,780". Each is the user's employer or home, keyed as the slot rules key them, so that
it replaces the one before. The clause is kept as said (its other details stay with it).

`home_in_passing` reads the home a clause names on its way to something else ("internet in
the vila madalena apto is worse than pinheiros was", "rents 560 on the partick flat"): a
fact of its own beside the clause's. A place in lower case counts there only when one of
its words is no everyday word ("partick", not "east york") or it is a street ("green st").

Not an arrival: a first time somewhere that is a visit or a course ("first week at the
beach", "first day at school", "first night at the Hilton"), a spell with no work said
("two weeks at Tenby"), a place that is someone else's or a wish ("my sister's flat in
Leith", "the house in Jaro we want to build"), one that was ("the flat in Govan was damp"),
a plan ("the flat in Leith we might rent"), a journey in the past ("the drive from Leeds
was awful").
"""

from __future__ import annotations

import re

from .lexicon import _I, FAMILY_SINGLE
from .spelling import _everyday as everyday
from .values import FactDict, _clean_value, _place_ok, _profile, _strip_org_descriptor

_UPPER = "A-Z\u00c0-\u00d6\u00d8-\u00de\u0100-\u017d"  # capitals, with those of Latin accents ("Đà Nẵng")
_PROPER = (r"(?-i:[" + _UPPER + r"0-9])[\w'&.-]*(?:\s+(?:(?:of|de|des|du|del|della|di|da|do|dos|das|van|von|der|den|la|le)\s+|"
           r"&\s+)?(?-i:[" + _UPPER + r"])[\w'&.-]*){0,4}")  # ("Clinique des Grangettes", "Hospital de la Tour")
# "first month at Cleveland Clinic", "it's my first week with Brightline", "I'm in my first
# week at Deloitte"; a night, a weekend or a holiday is a visit
# the words that end a firm's name ("Kestrel Fintech", "Volta Labs")
_FIRM_WORDS = (r"Tech|Technologies|Labs?|Bank|Group|Ltd|Inc|GmbH|LLC|Systems|Software|Solutions|Health|Motors|Freight|"
               r"Logistics|Media|Studios?|Capital|Partners|Consulting")
_FIRST_SPELL = (
    r"^(?:(?:so|ok|okay|well|anyway|also|alors|bon|pues|and),?\s+)*"  # ("Alors, the first month at ...")
    r"(?:(?:it is|it's|i am in|i'm in|i am|i'm|(?:i (?:have |'ve )?)?(?:just )?(?:finished|completed|survived|wrapped up|"
    r"got through|did|done)|done with|made it through) )?"
    # ("guess who survived her first week of orientation at RPA": the user, of herself)
    r"(?:guess who (?:just )?(?:survived|finished|made it through|got through|smashed) (?:her|his|their) )?"
    r"(?:(?:my |our |the )?(?:first|1st|2nd|second|3rd|third) (?:full )?(?:day|week|wk|month|shift|fortnight|sprint|rotation|hitch|roster|rota)s?(?: back)?"
    r"(?: of (?:work|orientation|induction|onboarding|training)| on the (?:tools|job|floor|line|road))?"
    # ... in the languages users mix in: "primera semana en Trastea", "première semaine chez Ubisoft",
    # "unang linggo sa Accenture", "erste Woche bei Zalando"
    r"|(?:(?:mi|mon|ma|my) )?(?:primera|primer|première|premier|primeira|primeiro|unang|erste[nr]?|prima|primo) "
    r"(?:semana|semaine|jour|día|dia|mes|mois|linggo|araw|woche|tag|monat|settimana|giorno|mese)"
    # "Two months at Maison Brunet", "three weeks in at Kirkstall", "onboarding at Nubank is 3 wks"
    r"|(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (?:weeks?|wks?|months?)(?: in)?"
    r"|(?:my |the )?(?:onboarding|induction|orientation|probation(?: period)?))"
    # "first wk done at Birchmount", "First month is over at Brenner"
    r"(?: (?:is |was )?(?:done|over|finished|behind me))?"
    # "first week as a junior dev at Monzo", "first shift as a bank HCA at the Royal"
    r"(?: as (?!(?:a |an )?volunteer)(?:a |an )?(?:[\w-]+ ){0,3}?[\w-]+(?= (?:at|with|w/?) ))?"
    r"(?: (?:at|in|with) (?:the )?new (?:job|role|place|hospital|clinic|company|firm|school|office),?(?: (?:at|in|with))?"
    r"| (?:at|with|w/?|sa|en|chez|bei|na|no|em|presso)"
    # "First month in Kestrel Fintech behind me": "in" names a firm only by a firm's word
    r"| in(?= (?-i:[A-Z])[\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*){0,3}? (?-i:Fintech|" + _FIRM_WORDS + r")\b))")
_FIRST_SPELL_RE = re.compile(_FIRST_SPELL + r" (?:the )?(?P<v>" + _PROPER + r")", _I)
# ... a name written in lower case: "primera semana en trastea, head of quality", "first full
# roster at rpa done" (one word that is no everyday word: never "first week at home", "first
# day at the gym", "first day at uni")
# ... or a name before a word of its trade ("first day on the tools w dawson plumbing")
_TRADE = (r"plumbing|electrical|electric|builders|building|construction|roofing|landscaping|motors|logistics|transport|"
          r"haulage|cleaning|catering|bakery|dental|pharmacy|salon|agency|group|solutions|systems|labs|media|nails")
_FIRST_SPELL_LOWER_RE = re.compile(_FIRST_SPELL + r" (?P<v>(?-i:[a-z][a-z0-9-]{2,})(?P<trade> (?-i:" + _TRADE + r"))?)"
                                   r"(?=\s*(?:[,.;:!)]|$|-|\s(?:sa|en|in|at|done|is|was|and|so|today|now)\b))", _I)
# "the drive in to work from Carrigaline is a dream", "From Catford the school run is one
# bus": where a daily journey starts is home (a journey to work or school, or a commute,
# said in the present: "the drive from Leeds was awful", "the train from London takes two
# hours" are trips)
_JOURNEY = r"(?:drive|commute|school run|bus|train|walk|cycle|ride|journey)"
# ... and between two places, only said to be made every day
_EVERY_DAY = (r".*?\b(?:every (?:morning|day|weekday)|each (?:morning|day)|daily|each way|commute)\b"
              r"(?!.*\b(?:was|were|yesterday|last (?:week|night|time)|for the (?:weekend|holiday))\b)")
# said of a journey made every day: how long it takes, or when ("the bus ... takes 45 minutes")
_DAILY = (r".*?\b(?:takes|is|every (?:morning|day|weekday)|each (?:morning|day)|daily|each way|\d+\s?(?:min|mins|minutes|hrs?|"
          r"hours)|an hour|half an hour)\b(?!.*\b(?:was|were|yesterday|last (?:week|night|time)|for the (?:weekend|holiday))\b)")
_COMMUTE_FROM_RE = re.compile(
    r"^(?:(?:the|my|our) )?(?:commute|school run|" + _JOURNEY + r"(?: in)? (?:in )?to (?:work|the office|school|uni|"
    r"the hospital)) from "
    r"(?P<v>" + _PROPER + r")(?: (?:to|into) (?:" + _PROPER + r"|work|the office|school|campus))? (?:is|takes|'s)\b"
    r"|^from (?P<v2>" + _PROPER + r"),? (?:(?:the|my|our) )?(?:commute|school run|" + _JOURNEY
    + r"(?: in)? to (?:work|the office|school|uni)) (?:is|takes|'s)\b"
    # "the bus from Hafnarfjörður to the Jökull office takes 45 minutes", "the traffic from Magodo
    # to Ikeja every morning is something else", "the Powai to Bandra drive is 1.5 hours each way",
    # "commute sports city → difc is 40 min": a daily journey's start (never a trip: "the train
    # from London to Leeds was late")
    r"|^(?:(?:the|my|our) )?(?:daily |morning )?(?:commute|bus|train|tram|metro|drive|ride|walk|cycle|journey|traffic|"
    r"ferry|school run) from (?P<v3>" + _PROPER + r") (?:to|into) (?:(?:the )?(?:" + _PROPER + r" )?(?:office|work|campus|"
    r"clinic|hospital|depot|site|school|shop)\b(?=" + _DAILY + r")|" + _PROPER + r"(?=" + _EVERY_DAY + r"))"
    r"|^(?:(?:the|my|our) )?(?P<v4>" + _PROPER + r") to (?:the )?(?:" + _PROPER + r")(?: office)? (?:drive|commute|ride|run|"
    r"journey|bus ride|train ride|bus|train)\b(?=" + _EVERY_DAY + r")"
    r"|^(?:(?:the|my|our) )?commute:? (?P<v5>" + _PROPER + r"|[a-z][a-z'-]{2,}(?: [a-z][a-z'-]{2,})?) (?:→|->|to) "
    r"[\w' -]{2,30}?(?=" + _DAILY + r")", _I)
# "the new flat in Leith has no lift", "the place in Đà Nẵng is 6.5 million", "new place in
# Didsbury has zero parking" (the article left out in a terse note): the home the
# user speaks of as the one they are in (a house is as often a plan or someone else's)
_HOME_IN_RE = re.compile(
    r"^(?:(?:the|our) new |new )(?:place|flat|apartment|studio|condo|unit|rental|sublet) (?:here )?in (?P<v>" + _PROPER + r")"
    r" (?:is|has|costs|was|comes)\b(?!\s+(?:going|gonna|supposed))"
    # not new, a studio or a unit is as often a workplace, and "the flat in Govan was damp" the one before
    r"|^(?:the|our) (?:place|flat|apartment|condo|rental|sublet) (?:here )?in (?P<v2>" + _PROPER + r")"
    r" (?:is|has|costs|comes)\b(?!\s+(?:going|gonna|supposed))", _I)
# "I finally got the keys to the wee bungalow in Milngavie", "we got the keys for our flat
# in Leith on Friday", "we got the keys to a 4 1/2 in verdun" (a flat by its rooms, as
# Québec lets it): a home the user has moved into
_DWELLING = (r"(?:place|flat|apartment|studio|condo|unit|rental|house|home|bungalow|cottage|townhouse|duplex|loft|"
             r"cabin|farmhouse|acreage|farm|ranch|officetel|maisonette|terrace|semi)")
# (a place typed in lower case after so strong a cue too: "got keys to my own 1LDK in kichijoji")
_PLACE_LOWER = (r"(?!(?:the|a|an|my|our|his|her|their|town|city|centre|center|here|there|front|back|end|middle|march|may|"
                r"april|june|july|august)\b)[a-z][a-z'-]{2,}(?:\s+(?!(?:for|with|and|from|on|at|in|by|near|to)\b)[a-z][a-z'-]{2,})?")
_KEYS_TO_RE = re.compile(
    r"^(?:i|we)(?: have| had|'ve)?(?: (?:just|finally|now|at last|officially))* (?:(?:got|get|picked up|collected|been given|"
    r"were given|was given) (?:(?:the|our|my) )?keys (?:to|for)|signed (?:for|the lease (?:for|on)|a lease (?:for|on))|"
    # ("we settled on the block in Bunbury": a purchase completed, as Australians say it)
    r"settled on) "
    # ("we signed for a 3-pièces in Carouge": a lease, a home)
    r"(?:the|our|my|a|an) (?:own )?(?:[\w'-]+ ){0,3}?(?:room|bedsit|flatshare|houseshare|"
    + _DWELLING + r"|block|\d\s?(?:LDK|DK|K|bed|bedroom|br)\b|\d(?:\s\d/2|½)|\d-(?:pi[eè]ces|rooms?|zimmer|roms|værelses))(?:[^,.;]{0,40})? (?:in|out in|near|outside) (?P<v>" + _PROPER
    + r"(?=\s+(?:last|this|on|during|yesterday|today|earlier)\b)|(?:" + _PROPER
    # (a place in lower case only where the clause ends or goes on to something else)
    + "|" + _PLACE_LOWER + r")(?=\s*(?:[,.;!]|$|\s(?:now|for|with|and|from)\b)))", _I)
# "me n rhys from the shop got a flat above the bakery in st agnes", "we bought a house in
# Didsbury": a home got (never a room or a cottage, as often a stay; never "got a flat tyre")
_GOT_A_HOME_RE = re.compile(
    r"^(?:i|we|me (?:n|and|&) [\w'-]+(?: from (?:the )?[\w'-]+)?|(?:my|our|the) [\w'-]+ and i|[\w'-]+ and i)(?: have| had|'ve)?"
    r"(?: (?:just|finally|at last|officially))* (?:got|bought) (?:a|our|my|the) (?:own |little |wee |first )?"
    r"(?:flat|house|place|apartment|home|bungalow|condo|townhouse|semi|terrace|maisonette)"
    r"(?: (?:above|over|behind|near|next to|off|on|by) (?:the|a) [\w'-]+)? (?:in|out in) (?P<v>" + _PROPER
    + r"|(?:st\.? )?" + _PLACE_LOWER + r")(?=\s*(?:[,.;!]|$|\s(?:now|for|with|and|from|last|this|on|yesterday)\b))", _I)
# ... or taken with its rent said: "me n kit got the static caravan at holywell bay for the
# winter, 320 a month split 2 ways" (a home, and no stay: a stay is not paid by the month)
_RENTED_HOME_RE = re.compile(
    r"^(?:i|we|me (?:n|and|&) [\w'-]+|[\w'-]+ and i)(?: have| had|'ve)?(?: (?:just|finally|at last))* (?:got|rented|took|"
    r"found|are renting|am renting) (?:a|our|my|the) (?:[\w'-]+ ){0,2}?(?:" + _DWELLING[3:-1] + r"|caravan|trailer|"
    r"houseboat|narrowboat|mobile home) (?:in|at|on|out in) (?P<v>" + _PROPER + r"|" + _PLACE_LOWER + r")(?=\s*(?:[,.;!]|$|\s(?:for|"
    r"with|and|from|on)\b))(?=.*\b\d[\d,.]*\s*(?:a|per|/|each)\s*(?:month|week|wk|mo|mth)\b)", _I)
# "the first two weeks in the new house on Askøy have been good", "loving the new flat in
# Leith": the new home the user speaks of living in (never someone else's: "Ana's new flat")
_IN_NEW_HOME_RE = re.compile(
    r"^(?!.*\b(?:his|her|their|[A-Z][\w-]+'s|friend'?s?|sister'?s?|brother'?s?|parents'?|mum'?s?|mom'?s?|dad'?s?)\s+new\b)"
    r".*\b(?:in|into|at|loving|love|like|liking|enjoying|from\s+the\s+[\w'-]+\s+of)\s+(?:the|our|my)\s+new\s+(?:house|flat|"
    # ("writing from the varanda of my new T2 in Almada": a room of it; a flat by its rooms, as it is let)
    r"home|apartment|condo|"
    r"place|bungalow|cottage|studio|unit|T[0-5]|\d-?(?:br|bed|bedroom|pi[eè]ces|rooms?|roms|zimmer))\s+(?:on|in|out in)\s+"
    r"(?P<v>" + _PROPER + r")", _I)
# ... someone else in it: "and Jenny and Kaylee are all unpacked at the new place in Omaha"
_THEY_IN_NEW_RE = re.compile(r"(?-i:\b(?!User\b|I\b)[A-Z][\w-]+)(?: (?:and|&|n) (?-i:[A-Z][\w-]+))?"
                             r"(?:'s|'re| (?:are|is|were|was|got|have|has))\b[^,.;]{0,40}?\b(?:in|into|at) "
                             r"(?:the|their|her|his) new\b", _I)
# the user in a dwelling now: "me and the wife Mo are in the same two-up two-down on Hawthorne
# Road in Bootle", "we're in a bungalow in Clitheroe these days", "I'm still in the flat on Elm St"
_IN_DWELLING_RE = re.compile(
    r"^(?:(?:i|we|me and [\w' ]{1,30}?|[\w' ]{1,30}? and (?:i|me))\s+(?:are|am|'re|'m)|i'm|im|we're|were)\s+"
    r"(?:(?:still|now|finally|all|both)\s+)*(?:living\s+)?in\s+(?:the same|a|an|our|my|this|the)\s+"
    r"(?:(?:new|little|small|wee|tiny|big|old|lovely|nice)\s+)?"
    r"(?:two-up two-down|two up two down|semi|semi-detached|end-terrace|terraced house|council house|bungalow|house|"
    r"flat|apartment|condo|townhouse|maisonette|place)\s+(?:on|in|off|out in|up in)\s+(?P<v>" + _PROPER + r")", _I)
# "I finally have my own place, a tiny officetel in Sillim-dong", "we got our own flat in Leith"
_OWN_PLACE_RE = re.compile(
    r"^(?:i|we)(?: (?:finally|now|at last|just))* (?:have|got|have got|'ve got) (?:my|our) (?:very )?own "
    r"(?:place|flat|apartment|room|house|home)(?:,? (?:a|an) (?:[\w'-]+ ){0,3}?" + _DWELLING + r")?"
    r" (?:in|at|out in) (?P<v>" + _PROPER + r")", _I)
# "we are settling in Kileleshwa", "I've finally settled into the new flat in Leith"
_SETTLING_RE = re.compile(
    r"^(?:i|we)(?: am| are| have| had)?(?: (?:just|finally|now|slowly|all|still|nicely))* (?:settling|settled|getting settled)"
    r" (?:in|into)(?: (?:a|an|the|our|my) (?:new |small |tiny |little |bigger )?(?:place|flat|apartment|house|home|studio|"
    r"condo) in)? (?P<v>" + _PROPER + r")", _I)
# "they give accommodation in Al Reem", "we got staff housing in Al Ain": a home that comes
# with the job; "rent at the Roncesvalles place is $2,780": the home the rent is for
_HOUSED_IN_RE = re.compile(
    r"^(?:(?:they|the (?:hospital|company|school|job|employer)) (?:give|gives|provide|provides|put|puts) (?:me |us )?|"
    r"(?:i|we) (?:got|get|have|are in|am in) )(?:free |staff |company |shared )?(?:accommodation|housing|a flat|an apartment|"
    r"a room) in (?P<v>" + _PROPER + r")"
    r"|^(?:the )?(?:rent|mortgage|lease) (?:at|for|on) the (?P<v2>" + _PROPER + r") (?:place|flat|apartment|house|condo)\b",
    _I)
# "two months at Maison Brunet, I run my own brigade": a stay somewhere is a job when work is said
_WORK_CUE_RE = re.compile(r"\b(?:job|work|working|shifts?|boss|team|colleagues?|manager|clients?|office|contract|role|"
                          r"brigade|crew|staff|salary|pay|payroll|promoted|promotion|hired|patients|customers)\b", _I)
# a word that names a firm or a workplace ("Volta Labs", "Clinique des Grangettes")
_FIRM_WORD_RE = re.compile(r"\b(?:" + _FIRM_WORDS + r"|clinic|clinique|klinik|hospital|h[ôo]pital|pharmacy|ag|plc|sa|bv)\b", _I)
# "two weeks for Christmas": a time of year, no employer
_FEAST_RE = re.compile(r"(?:Christmas|Xmas|Easter|Diwali|Ramadan|Eid|Thanksgiving|New Year|Hanukkah|Lent|Carnival|"
                       r"Chinese New Year|Lunar New Year|Passover|Halloween|Summer|Winter|Spring|Autumn|Fall)\b", _I)
_RENT_IS_RE = re.compile(r"^(?:the )?rent\b[^,;]*? is (?P<r>(?:[$£€¥₹R]\s?|[A-Z]{3}\s)?\d[\d,.]*(?:\s?(?:k|million))?)", _I)
_VISIT = re.compile(r"\b(?:holidays?|vacations?|trips?|hotel|resort|beach|camp|retreat|conference|festival|course|"
                    r"hospital as a patient|visit|visiting|tour|"
                    # ... in the languages users mix in
                    r"vacaciones|vacances|ferien|urlaub|vacanze|f[ée]rias|bakasyon|viaje|voyage|reise|playa|plage)\b", _I)
_STAY_RE = re.compile(r"\bfor (?:a|the|one|two|three|\d+|a few|the next) (?:nights?|weeks?|weekends?|fortnight|"
                      r"days?|months?)\b|\b(?:airbnb|holiday let|rented cottage)\b", _I)
# someone else's first day ("for Ellie", "for my son"), or a pupil's: a school is a job
# only when work is said
_NOT_THE_USERS_JOB = re.compile(r"\bfor (?:my |our |the )?(?:[A-Z][\w'-]+|son|daughter|kids?|children|boy|girl)\b|"
                                r"\b(?i:primary|school|nursery|kindergarten|preschool|daycare|college|university|uni|"
                                r"academy|high)\b(?!.*\b(?i:job|work|teaching|shift|role|contract)\b)")


def arrival(exp: str) -> list[FactDict]:
    """The employer or home a clause of the user's says they have begun at, keyed, with
    the clause as its text (`exp`: the clause in the first person, dates resolved); [] when
    it says none."""
    m = _FIRST_SPELL_RE.match(exp) or _FIRST_SPELL_LOWER_RE.match(exp)
    if m and m.group("v").islower() and ((m.group("v") in everyday() and not m.groupdict().get("trade"))
                                         or _NOT_THE_USERS_JOB.search(m.group("v"))
                                         # ("onboarding na wahala": Pidgin's "is"; "primeira semana na nubank": at)
                                         or re.search(r"\s(?:na|no|em)\s+" + re.escape(m.group("v")), m.group(0))
                                         and not re.search(r"\b(?:primeira|primeiro|semana|m[eê]s|dia)\b", m.group(0), _I)):
        m = None
    if m:
        v = _strip_org_descriptor(_clean_value(re.split(r",\s+", m.group("v"))[0]))
        # "two weeks at Butlins with the kids", "a month with Mum": a stay
        stay = m.group("n") is not None and (" with " in m.group(0).lower()
                                             or re.search(r"\b(?:with (?:my|our|the)|kids|family)\b", exp, _I)
                                             or not _WORK_CUE_RE.search(exp))
        # "the first week at the Hilton was relaxing": a stay, unless a firm or work is said
        stay = stay or (re.search(r"\bthe (?:first|1st|2nd|second|3rd|third) ", m.group(0), _I) is not None
                        and not _WORK_CUE_RE.search(exp) and not _FIRM_WORD_RE.search(v))
        if v and not stay and not _VISIT.search(exp) and not _NOT_THE_USERS_JOB.search(exp) and not _FEAST_RE.match(v):
            return [{**_profile(exp, "employer", v, 0.75, "update"), "rule": "first_spell_at"}]
    for rule, rx in (("home_in", _HOME_IN_RE), ("settling_in", _SETTLING_RE), ("commute_from", _COMMUTE_FROM_RE),
                     ("keys_to", _KEYS_TO_RE), ("got_a_home", _GOT_A_HOME_RE), ("rented_home", _RENTED_HOME_RE),
                     ("own_place", _OWN_PLACE_RE), ("in_new_home", _IN_NEW_HOME_RE),
                     ("in_dwelling", _IN_DWELLING_RE),
                     ("housed_in", _HOUSED_IN_RE)):
        m = rx.match(exp)
        v = _clean_value(re.split(r",\s+", next((g for g in (m.groupdict().get(f"v{n}") for n in ("", 2, 3, 4, 5)) if g),
                                                 ""))[0]) if m else ""
        if rx in (_KEYS_TO_RE, _GOT_A_HOME_RE, _RENTED_HOME_RE, _OWN_PLACE_RE, _IN_DWELLING_RE) \
                and (_VISIT.search(exp) or _STAY_RE.search(exp)):
            continue  # the keys to a holiday cottage for a week: a visit
        if rx is _IN_NEW_HOME_RE and _THEY_IN_NEW_RE.search(exp):
            continue
        if _place_ok(v) and rx in (_KEYS_TO_RE, _GOT_A_HOME_RE, _RENTED_HOME_RE):
            # the home said short, as a question finds it, and the clause kept in the user's words
            # ("collected the keys to the house in Pearland ..., after the closing at the title company")
            return [{**_profile(exp, "home_city", v, 0.7, "update"), "rule": rule, "short": f"User lives in {v}"},
                    {"text": exp, "kind": "semantic", "importance": 0.5, "rule": rule}]
        if _place_ok(v):
            out = [{**_profile(exp, "home_city", v, 0.7, "update"), "rule": rule}]
            rent = _RENT_IS_RE.search(exp)
            if rent:  # "rent at the Roncesvalles place is $2,780": the rent too
                out.append({**_profile(exp, "rent", rent.group("r").rstrip(",."), 0.6, "update"), "rule": rule})
            return out
    return []


# The home named in passing, on the way to something else: "internet in the vila madalena
# apto is worse than pinheiros was", "rents 560 on the partick flat", "From the balcony of
# the depto in Playa Blanca", "we found apartment in Göggingen", "got my own 1.5 room place
# in moabit": a dwelling word of the user's and where it is (a name in capitals, or a word in
# lower case that is no everyday word: "partick", not "east york"; or a street: "green st").
# (a studio, a unit, a cabin, a cottage or a rental is as often a workplace or a holiday)
_DWELLING_WORD = (r"(?-i:place|flat|apartment|apt|apto|ap[eê]|depto|departamento|piso|condo|sublet|"
                  r"house|bungalow|townhouse|duplex|maisonette|officetel|bedspace|bedsit|wg|casita|casa|"
                  # the British words for a house by its build: "the same two-up two-down on Hawthorne Road"
                  r"two-up two-down|two up two down|semi|semi-detached|end-terrace|end terrace|terraced house|"
                  r"council house|"
                  r"(?:\d|one|two|three)[ -]?bed(?:room)?(?: (?:flat|apartment|place|house))?)")
_STREET = r"(?:st|street|rd|road|ave|avenue|lane|ln|drive|dr|crescent|terrace|close|way|blvd|boulevard|place|pl)"
_FUNCTION_WORD = (r"(?:of|the|a|an|in|on|at|to|my|our|and|but|with|w|for|from|is|was|has|by|near|so|it|its|this|that|"
                  r"there|here|now)")
_LOWER_WORD = r"(?!" + _FUNCTION_WORD + r"\b)[a-z\u00df-\u024f][\w'\u00df-\u024f-]*"
_LOWER_PLACE = (_LOWER_WORD + r"(?: " + _LOWER_WORD + r"){0,2}? " + _STREET + r"|" + _LOWER_WORD + r"(?: "
                + _LOWER_WORD + r"){0,2}?")
_PLACE_END = r"(?=$|[\s,.;:!?)])"
_DWELLING_IN_RE = re.compile(
    r"\b(?P<det>(?:my|our|the|a|an) )?(?:(?:new|own|little|tiny|small|wee|whole|big|bigger|nice|proper|cheap|cheaper|[\d.,]+(?: |-)?(?:room|bed)|\w+-bed) )*"
    + _DWELLING_WORD + r"(?: here)?"
    r"(?: (?:with|w/?) (?:my |our )?(?:[\w'-]+ ){0,2}?[\w'-]+)?"  # "a 2 bed w my cousin jade in levenshulme"
    # "my flat behind Pravin's house in Umhlanga": where it stands beside something, then where
    r"(?: (?:behind|beside|next to|above|below|opposite|at the back of|round the corner from) [^,.;]{1,30}?)?"
    r" (?P<prep>in|near|on|out in|up in|down in|over in) (?P<v>" + _PROPER + r"|" + _LOWER_PLACE + r")" + _PLACE_END, _I)
# "the partick flat", "the vila madalena apto", "our Roncesvalles place": the place before the word
# ... and a note headed by the home: "Bornheim flat update: the balcony is Pamuk's kingdom now"
# a part of the home, the user's: "I sit on our balcony in Friedrichshain", "from my stoep in Umhlanga"
_HOME_PART_RE = re.compile(r"\b(?P<det>(?:my|our) )(?:(?:new|own|little|tiny|small|wee|big|lovely) )*(?:balcony|stoep|stoop|"
                           r"porch|terrace|varanda|veranda|verandah|patio|back garden|front room|living room|kitchen table)"
                           r" (?P<prep>in|out in|up in|down in) (?P<v>" + _PROPER + r")" + _PLACE_END, _I)
_HOME_HEADING_RE = re.compile(r"^\W*(?P<det>)(?P<v>" + _PROPER + r") (?:flat|house|apartment|place|condo|home)\s+"
                              r"(?:update|news|life|diaries|diary|report|latest)\b", _I)
_PLACE_DWELLING_RE = re.compile(r"\b(?P<det>the|my|our|da) (?:new |own |same )?(?P<v>" + _PROPER + r"|" + _LOWER_PLACE + r") "
                                + _DWELLING_WORD + r"\b", _I)
# ... and opening a note with no "the": "al barsha flat is bigger, nothing walkable near it"
_BARE_PLACE_DWELLING_RE = re.compile(r"^(?P<det>)(?P<v>" + _PROPER + r"|" + _LOWER_PLACE + r") " + _DWELLING_WORD
                                     + r"(?= (?:is|'s|has)\b)", _I)
# not the user's, not now, or no home at all: "my sister's flat", "his place", "the old flat",
# "viewing a flat in Leith", "sold the house in Jaro", "if we get the flat", "an airbnb"
_NOT_HOME_PRE = re.compile(r"(?:'s|s'|\b(?:his|her|their|your|old|former|previous|last|ex|holiday|dream|parents|mum|"
                           r"mom|dad|friend|friends|another|other|every|any|some|each))\s+(?:[\w.-]+\s+){0,2}$", _I)
_NOT_HOME_CLAUSE = re.compile(r"\?\s*$|\b(?:if|might|maybe|could|would|hoping|hope|want|wants|wanted|looking at|looking for|"
                              r"viewing|viewed|view|considering|thinking|dream|wish|saving for|sold|selling|sells?|left|leaving|"
                              r"moved out|moving out|used to|let out|rent(?:ed|ing)? (?:it |them )?out|put (?:the rent|it) up|"
                              # "the Alief house we rent to Tuan cousin": a house let, no home
                              r"(?:rent|rents|rented|renting|let|lets|leased) (?:it |them )?to|"
                              r"raised the rent|tenants?|landlord|lodger|airbnb|hotel|hostel|visit|visiting|stayed|staying|forget|"
                              r"photos?|pictures?|pics|listing|listed|on the market|for sale|under offer|went to a|gone to|new owners|"
                              # land taken on, not a home: "took on da Fontenot place next to me, 120 acres"
                              r"acres?|hectares?|took on|taken on|next to (?:me|us|mine|ours)|"
                              r"buyers?)\b",
                              _I)
# a home, not a house one cleans or a friend's place: "we found apartment in Göggingen", "it's a
# whole 2 bed in Levenshulme" (with "a" or no article, the user has to be the one who got it)
_GOT_BEFORE = re.compile(r"(?:^|\b(?:i|we|i've|we've|ive|weve|i'm|im|we're|user|user and family)\s+)"
                         r"(?:(?:just|finally|now|also|have|had|'ve|is|are|am)\s+)*"
                         r"(?:found|got|bought|rented|renting|signed for|took|moved into|are renting|am renting|closed on|"
                         r"completed on|got the keys (?:to|for))\s+$"
                         r"|\b(?:it's|its|it is)\s+$|^\s*$", _I)
# a home the user got, said before where it is: "closed on a 4-bedroom on Dena Drive", "renting a
# 3-bedroom on Sherwood Way" (never "the flat on Cotham Road", one of a landlord's)
_GOT_ON = re.compile(r"(?:^|\b(?:i|we|i'm|we're|im|user|user is)\s+)(?:(?:just|finally|now|also|have|had|'ve|are|am|is)\s+)*"
                     r"(?:bought|rented|renting|closed on|completed on|moved into)\s+$", _I)
# others the clause is about, named before it: "our Anthony and Leanne, the new flat in Leeds
# is lovely" (their flat), "my sister, the new place in Leith"; someone or something else
# that is at the place: "the steer stays at the Bauer place", "Duke at the Brandt place"
_OTHERS_BEFORE = re.compile(r"(?:\b(?:our|my)\s+(?:[A-Z][\w'-]+|" + "|".join(sorted(FAMILY_SINGLE)) + r")"
                            r"(?:\s+(?:and|&)\s+(?-i:[A-Z])[\w'-]+)?"
                            r"|(?-i:[A-Z])[\w'-]+\s+(?:and|&)\s+(?-i:[A-Z])[\w'-]+),\s*$"
                            r"|(?:\b(?:the|a|an|his|her|their)\s+(?!(?:family|kids|children|boys|girls|lads|whole|rest|"
                            r"two|three|four|five)\b)[a-z]+|(?<=\s)(?-i:(?!User\b)[A-Z][\w'-]+))\s+"
                            r"(?:(?:stays?|lives?|sleeps?|is|was|boards?|grazes?|winters?)\s+)?(?:at|in|on)\s+$", _I)
# the place as it was: "the flat in Govan was damp", "than pinheiros was"
_PAST_AFTER = re.compile(r"^\s*(?:was|were|had been|used to)\b", _I)


# a lease signed is a home: "J + me signed a lease: Marrickville 2br", "we signed the lease
# on a flat in Leith" (never "the tenants signed a lease": `_NOT_HOME_CLAUSE`)
_LEASE_RE = re.compile(r"\b(?:i|we|me|us)\s+(?:(?:just|finally|have|'ve|also)\s+)*signed\s+(?:a|the|our)\s+(?:new\s+)?"
                       r"(?:\d+-(?:year|month)\s+)?lease\b(?:\s+(?:on|for))?\s*:?\s*(?:(?:a|an|the|our)\s+)?"
                       r"(?:(?:\d\s?(?:br|bed(?:room)?s?|-bed(?:room)?)|new|small|little|tiny|big|bigger)\s+)?"
                       r"(?:(?:flat|apartment|house|place|unit|condo|townhouse|studio)\s+)?(?:in\s+)?"
                       r"(?P<v>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?)", _I)


# a place to live found, in the words of one who rents: "found a spot in Kommetjie, 2 min walk
# to the beach", "got a room in Brixton" (never "the spot in Soho", "a parking spot in town")
_FOUND_SPOT_RE = re.compile(r"\b(?:found|got|rented|moved into)\s+(?:a|our|my)\s+(?:new\s+|little\s+|nice\s+|cheap\s+)?"
                            r"(?:spot|room)\s+in\s+(?P<v>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?)", _I)


def home_in_passing(raw: str) -> list[FactDict]:
    """The user's home a clause names on its way to something else (`_DWELLING_IN_RE`),
    keyed `home_city` with no change cue of its own (the key's newer value replaces the
    older); [] for someone else's place, a past or wished one, or a visit."""
    # "renting a 3-bedroom on Sherwood Way till the Abilene place sells": how long, not where
    raw = re.split(r"\s+(?:till|until|til)\s+", raw, maxsplit=1, flags=_I)[0]
    if _NOT_HOME_CLAUSE.search(raw) or _STAY_RE.search(raw):
        return []
    lease = _LEASE_RE.search(raw) or _FOUND_SPOT_RE.search(raw)
    if lease and _place_ok(lease["v"]) and not _NOT_HOME_PRE.search(raw[:lease.start()]) \
            and lease["v"].split()[0].lower() not in _NOT_PLACE_WORDS:
        return [_profile(f"User lives in {lease['v']}", "home_city", lease["v"], 0.6, None, rule="home_in_passing")]
    for m in [*_DWELLING_IN_RE.finditer(raw), *_PLACE_DWELLING_RE.finditer(raw), *_HOME_HEADING_RE.finditer(raw),
              *_HOME_PART_RE.finditer(raw), *_BARE_PLACE_DWELLING_RE.finditer(raw)]:
        if _NOT_HOME_PRE.search(raw[:m.start()] + (m.group("det") or "")) or _PAST_AFTER.match(raw[m.end():]) \
                or _OTHERS_BEFORE.search(raw[:m.start()]) or _THEY_IN_NEW_RE.search(raw[:m.end()]):
            continue
        det = (m.group("det") or "").strip().lower()
        got = _GOT_BEFORE.search(raw[:m.start()]) is not None
        if det in ("", "a", "an") and not got and m.re is not _BARE_PLACE_DWELLING_RE:
            continue
        if m.re is _BARE_PLACE_DWELLING_RE and all(w in everyday() for w in m.group("v").lower().split()):
            continue  # "Granny flat is finished": a kind of flat, said first
        if "'s" in m.group("v") or "s' " in m.group("v"):
            continue
        if m.re is _DWELLING_IN_RE and m.group("prep") == "on" and det not in ("my", "our") \
                and not _GOT_ON.search(raw[:m.start()]):
            continue  # "the flat on Cotham Road": one of a landlord's ("closed on a 4-bedroom on Dena Drive": ours)
        v = re.split(r",\s+|\s+(?=(?i:is|was|has|but|and|so|where|which|that|with|w|for|since|now|too|here)\b)",
                     m.group("v").strip())[0].rstrip(".!")
        words = v.lower().split()
        if not words or not _place_ok(v) or words[0] in _NOT_PLACE_WORDS:
            continue
        if set(words) & _HOUSE_WORDS or _DEMONYM_RE.search(v):  # "the Thai place": a restaurant
            continue  # "the little terraced house": what the home is like, not where
        street = re.search(r"\s" + _STREET + r"$", v, _I) is not None and len(words) > 1
        if not (v[0].isupper() or street or any(len(w) > 3 and w not in everyday() for w in words)):
            continue
        if not v[0].isupper():
            v = " ".join(w[:1].upper() + w[1:] for w in v.split())
        town = re.match(r"\s+in\s+(?P<t>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2})", raw[m.end():]) \
            if m.re in (_PLACE_DWELLING_RE, _BARE_PLACE_DWELLING_RE) else None
        if town and _place_ok(town["t"]):  # "the Greenbrier house in Chesapeake": the town too
            v = f"{v}, {town['t']}"
        return [_profile(f"User lives in {v}", "home_city", v, 0.6, None, rule="home_in_passing")]
    return []


def home_heading(clause: str) -> list[FactDict]:
    """The home a note is headed by ("Bornheim flat update: the balcony is ..."), read
    before the heading is set aside; [] for any other clause."""
    return home_in_passing(clause) if _HOME_HEADING_RE.match(clause) else []


_DEMONYM_RE = re.compile(r"(?:ese|ian|ish|ean)$|^(?:Korean|Cuban|Mexican|American|African|Jamaican|Peruvian|Moroccan|"
                         r"Filipino|Tex-Mex|Greek|Thai|French|Dutch|Swiss|Czech|Afghan|Nepali|Pakistani|Iraqi|Israeli)$", _I)
_HOUSE_WORDS = frozenset("terraced detached semi-detached furnished unfurnished rented shared converted basement "
                         "ground-floor top-floor bsmt studio attic garden corner end-terrace mid-terrace council "
                         "ex-council rental two-bed one-bed three-bed bedroom bed room".split())
_NOT_PLACE_WORDS = frozenset("the a an my our this that it there here town bed fire time order case front back top "
                             "bottom middle one two three four".split())


# A business of the user's own, named on its way to being said: "Park Family Dentistry,
# Torrance - my own office, doors open Aug 3", "Went independent. Cedar Loop Consulting LLC,
# single-member", "Hollow Oak Veterinary opened its doors on July 7th: it's me, one associate
# and three techs". Never a business someone else opened, nor one only planned.
_OWN_WORK = r"(?:office|practice|clinic|surgery|shop|salon|studio|firm|business|company|consultancy|restaurant|bakery|cafe|café|bar|gym)"
_OWN_BUSINESS_RES = (
    re.compile(r"(?:^|\n|[-•*]\s*|[.!:]\s+)(?P<v>" + _PROPER + r")(?:,\s*(?-i:[A-Z])[\w'.-]*(?:\s+(?-i:[A-Z])[\w'.-]*)?)?"
               r"\s*[—–-]+\s*(?:my|our) (?:very )?own " + _OWN_WORK + r"\b", _I),
    re.compile(r"\b(?:went|gone|have gone|I've gone|am going) (?:independent|freelance|solo|out on my own)\b[.!,:;]*\s+"
               r"(?P<v>(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*){0,4}\s+(?-i:LLC|Ltd|Inc|GmbH|Consulting|Studio|"
               r"Labs?|Partners|Co\.?|Limited))\b", _I),
    re.compile(r"(?:^|[.!:]\s+)(?P<v>" + _PROPER + r") opened (?:its|our|the) doors\b[^.!?\n]*?\b(?:it's me|it is me|"
               r"I'm the owner|I am the owner|my own)\b", _I),
)


_WISHED = re.compile(r"\b(?:will|would|might|if|plan|planning|hope|hoping|dream|someday|one day|wish|maybe)\b", _I)


def own_business_named(text: str) -> list[FactDict]:
    """The user's own business a message names (`_OWN_BUSINESS_RES`), keyed `employer`."""
    for rx in _OWN_BUSINESS_RES:
        m = rx.search(text)
        if m is None:
            continue
        v = _strip_org_descriptor(_clean_value(m.group("v")))
        said = m.group(0) + re.split(r"[.!?\n]", text[m.end():], maxsplit=1)[0]
        if v and not _WISHED.search(said):
            return [_profile(f"User works at {v}", "employer", v, 0.75, "update", rule="own_business_named")]
    return []


# a home got, then where, in a note's fragments: "Closed on a house. Dripping Springs. 3 acres."
_HOME_GOT_THEN_RE = re.compile(r"(?:^|[.!?]\s+)(?:(?:i|we)\s+(?:have\s+|'ve\s+|just\s+|finally\s+)*)?(?:closed on|bought|"
                               r"got|signed for|moved into|found)\s+(?:a|an|the|our|my)\s+(?:new\s+)?(?:house|flat|"
                               r"apartment|place|home|condo|townhouse|bungalow|cottage)\s*[.!]+\s+"
                               r"(?P<v>(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+){0,2})\s*(?:[.!]|$)", _I)


def home_named_next(text: str) -> list[FactDict]:
    """The home a note names in the fragment after the one that says it was got: "Closed
    on a house. Dripping Springs." (never a fragment that is no place: "Bought a flat.
    Finally.")."""
    m = _HOME_GOT_THEN_RE.search(text)
    if m is None or not _place_ok(m["v"]) or m["v"].split()[0].lower() in _NOT_PLACE_WORDS | {"finally", "yay"}:
        return []
    return [_profile(f"User lives in {m['v']}", "home_city", m["v"], 0.6, "update", rule="home_named_next")]
