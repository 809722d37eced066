"""Roles: the one person who holds a role in the user's life ("my doctor is Dr. Soler").

A role is single-valued: a new name supersedes the old one, keyed `<role>.name`
("my team lead is Farid now" replaces "my team lead is Ana"). A relative the user can
have several of ("my sister is Jo") is not a role; a partner has its own rules and key.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .grammar import to_third_person
from .lexicon import _I, OCCUPATIONS, PARENT_KEY, PARTNER_WORDS, PERSON_REPLACEMENT_RES
from .people import _NOT_NAMES
from .values import _NOW_RE, FactDict, _profile

if TYPE_CHECKING:
    from ..models import Fact
    from ..write import Neighbour

# One-of-a-kind roles in the user's life: a new name replaces the old one (a partner has
# its own rules and key, `partner`).
_ROLES = frozenset({"boss", "gaffer", "manager", "line manager", "team lead", "lead", "tech lead", "supervisor", "advisor",
                    "adviser", "mentor", "therapist", "gp", "doctor", "doctora", "physician", "family doctor",
                    "general practitioner", "dentist", "vet", "coach", "tutor",
                    "landlord", "landlady", "accountant", "lawyer", "roommate", "flatmate",
                    "mother", "mom", "mum", "father", "dad", "editor", "agent", "trainer", "physio",
                    "physiotherapist", "psychiatrist", "cardiologist", "consultant", "teacher", "principal",
                    "pastor", "sponsor", "carer", "caregiver", "nanny", "babysitter", "hairdresser", "barber",
                    # the user's own helper at work ("Bruna is my assistant there"), never a program
                    "assistant", "dental assistant", "secretary", "pa"})
# Roles a parent names for a child as often as for themselves: said without "my", they are no one's for sure.
_ANYONES_ROLES = frozenset({"teacher", "coach", "tutor", "principal", "nanny", "babysitter", "carer", "caregiver",
                            "trainer", "mentor", "sponsor"})
# The roles of a service the user goes to, which are theirs also when said with "the" in
# a list of their own ("... and the dentist is Dr. Ferrer"): "the boss" or "the teacher"
# may be anyone's.
_SERVICE_ROLES = frozenset({"gp", "general practitioner", "doctor", "doctora", "physician", "family doctor", "dentist", "vet", "physio",
                            "physiotherapist", "therapist", "psychiatrist", "cardiologist", "landlord", "landlady",
                            "accountant", "lawyer", "hairdresser", "barber"})
_ROLE_MODS = r"(?i:(?:new|current|main|primary|permanent|actual|usual|regular|acting|interim|official)\s+)*"
# the titles a holder's name may carry ("Dra. Vidal", "Mr Haddad"), left aside when names are compared
TITLES = ("Dra", "Dr", "Prof", "Mrs", "Mr", "Ms", "Mx", "Sra", "Sr", "Mme")
# a name, or a titled one typed in lowercase ("dr. okafor", "prof lindqvist")
_NAME_V = (r"(?P<v>(?:(?:" + "|".join(TITLES) + r")\.?\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}"
           # a title typed in lower case, or opening a sentence, before a name in lower case: "dr. okafor", "Dr. okafor"
           r"|(?:[Dd]ra|[Dd]r|[Dd]oc|[Pp]rof|[Mm]rs|[Mm]r|[Mm]s)(?:\.\s*|\s+)(?!(?:and|or|the|is|was|who|has|had|said|says)\b)"
           r"[a-z][\w'-]+)")
_WHEN_TAIL = r"(?:\s+(?:now|these days|from now on|nowadays|again|there|here))?[.!]?$"
# where the person is seen, after the name: "Dr. Soler in the centro de salud", "Dr. Ferrer, near the market"
_WHERE_TAIL = r"(?:,?\s+(?i:in|at|near|on|over|down|by|across|from)\s+[^,;]{2,60}?)?"
_ROLE_IS_RE = re.compile(r"^(?:(?i:my|our|(?P<the>the))\s+|(?P<bare>(?=[a-z])))" + _ROLE_MODS + r"(?P<role>[a-z][a-z -]{1,24}?|GP|PA)\s+(?:now\s+)?(?:is|'s)"
                         r"(?:\s+now)?\s+(?:(?i:called|named)\s+)?" + _NAME_V + _WHERE_TAIL
                         # "advisor is dr halvorsen, lab does kelp forest stuff": the clause after the name is another
                         + r"(?:" + _WHEN_TAIL + r"|(?=,\s+(?!(?i:and|or)\b)[a-z]))")
_IS_ROLE_RE = re.compile("^" + _NAME_V + r"\s+(?:is|'s)\s+(?:now\s+)?(?i:my|our)\s+" + _ROLE_MODS +
                         r"(?P<role>[a-z][a-z -]{1,24}?|GP|PA)" + _WHEN_TAIL)
# "the new doctora, Dra. Vidal, says ...", "my new lead, Farid, wants ...", "I have a new
# dentist, Dr. Puig": a name in apposition to a new holder of the role
# (also in a note, without "my": "new GP: Dr Kaur at the Point Cook clinic", "got a new
# dentist - Dr Patel in Leith"; and "switched GP to Dr Kaur")
_NEW_ROLE_RE = re.compile(r"^(?:(?:(?i:the|my|our)|(?:(?i:i|we)\s+)?(?:(?i:have|'ve|have got|'ve got|got|found)\s+)+(?i:a)"
                          r"|(?i:(?:also|and|plus|oh and)\s+)?(?=(?i:new)\s))\s+)?"
                          r"(?i:new)\s+(?P<role>[a-z][a-z -]{1,24}?|GP|PA)\s*(?:,|:|\s[-\u2013\u2014]|\s+(?i:called|named))\s*"
                          + _NAME_V + _WHERE_TAIL + r"\s*(?:[,.;!]|$)"
                          r"|^(?:(?i:i|we)\s+)?(?:(?i:have|'ve)\s+)?(?i:switched|changed|moved)\s+(?:(?i:my|our)\s+)?"
                          r"(?P<role2>[a-z][a-z -]{1,24}?|GP)\s+(?i:to|over to)\s+" + _NAME_V.replace("?P<v>", "?P<v2>")
                          + _WHERE_TAIL + r"\s*(?:[,.;!]|$)")

# a doctor the user is registered with: "I'm on the list of a Dr Nowak", "registered with Dr Shah"
_ON_THE_LIST_RE = re.compile(r"^i(?:'m| am|'ve| have)?\s+(?:now\s+|just\s+|also\s+|finally\s+)?(?:(?:had to\s+)?"
                             r"(?:registered|register|signed up) with|(?:on|onto) the (?:list|books) of)\s+(?:a\s+)?"
                             r"(?P<v>(?-i:Dr|Doctor)\.?\s+(?-i:[A-Z])[\w'-]+)", _I)
# Two words for one role share its key: "my boss is Ana" and "I report to Colin now".
_ROLE_KEY = {"boss": "manager", "gaffer": "manager", "line manager": "manager", "lead": "team_lead", "tech lead": "team_lead",
             "adviser": "advisor", "gp": "doctor", "doctora": "doctor", "physician": "doctor",
             "family doctor": "doctor", "general practitioner": "doctor", "physio": "physiotherapist",
             "landlady": "landlord", "caregiver": "carer", **{w: k for w, k in PARENT_KEY.items() if w != k}}
# a role's key -> the other words it is called by ("doctor" -> "gp", "physician", ...)
ROLE_WORDS: dict[str, tuple[str, ...]] = {}
for _said, _key in _ROLE_KEY.items():
    if " " not in _said:  # "family doctor" is asked for by "doctor"; "family" alone names no role
        ROLE_WORDS[_key] = (*ROLE_WORDS.get(_key, ()), _said)
_REPORTS_TO_RE = re.compile(r"^(?i:i)\s+(?:(?i:now|currently|still)\s+)?(?i:report|am reporting|answer)\s+(?i:to|into)\s+"
                            + _NAME_V + r"(?P<tail>.*)$")


# a post the user was given or took on: "the board asked me to take on the post of pastoral
# care coordinator", "they made me deputy principal", "I've taken over as head chef", "I was
# promoted to team lead"
_ROLE_TAKEN_RE = re.compile(
    r"\b(?:(?:asked|invited|chose|picked|wanted|got) me to (?:take on|take over(?: as)?|step (?:in|up) as|become)"
    r"|i(?:'ve| have)? (?:took|taken|take|stepped into|moved into|taking|stepped up as) (?:on|over)?(?: as)?"
    r"|(?:made|appointed|named|promoted) me(?: as| to)?"
    r"|i (?:was|got|have been|'ve been|am being) (?:made|appointed|named|promoted)(?: as| to)?)\s+"
    r"(?:the (?:post|role|position|job|title) of\s+|(?:the |a |an )?(?:new )?)?"
    r"(?P<v>[a-z][\w-]*(?:\s+(?!(?:so|and|but|at|in|for|from|on|with|since|because|now|which|who|the|a)\b)[a-z][\w-]*){0,3})",
    _I)
# the last word of a post: an occupation, or a rank or role word
_POSTS = frozenset(OCCUPATIONS) | frozenset("head deputy chair chairperson lead coordinator officer principal".split())


def role_taken(c: str) -> list[FactDict]:
    """The post a clause says the user was given or took on (`_ROLE_TAKEN_RE`), as the
    user's job title now; [] when what follows names no post ("they made me dinner")."""
    m = _ROLE_TAKEN_RE.search(c)
    if m is None:
        return []
    said = m.group("v").split()
    posts = [i for i, w in enumerate(said) if w.lower() in _POSTS]
    if not posts:
        return []
    # "head chef at the Fig": the post, without what follows it, but for what it is of ("head of department")
    last = posts[-1] + (2 if said[posts[-1] + 1:posts[-1] + 2] == ["of"] and len(said) > posts[-1] + 2 else 0)
    words = said[:last + 1]
    v = " ".join(words).lower()
    return [_profile(f"User is {v} now", "job_title", v, 0.7, "update")]


def role_named(c: str, raw: str) -> list[FactDict]:
    """"my team lead is Farid now", "Kwame Asante is my main supervisor now", "my
    boss is Ana", "advisor is dr halvorsen" (the "my" left out in a casual note, at the
    start of a clause), "the dentist is Dr. Ferrer, near the market", "the new doctora, Dra.
    Vidal, says ...": the one person in that role, keyed `<role>.name` (a new name
    supersedes the old; "my sister is Jo" is not a role: there can be several)."""
    taken = role_taken(c)
    if taken:
        return taken
    listed = _ON_THE_LIST_RE.match(c)
    if listed:  # "I'm on the list of a Dr Nowak at the Bath Hill surgery": the user's doctor
        v = listed.group("v")
        return [_profile(f"User's doctor is {v}", "doctor.name", v, 0.6, "update", undated=True)]
    r = _REPORTS_TO_RE.match(c)
    new = None if r else _NEW_ROLE_RE.match(c)
    m = r or new or _ROLE_IS_RE.match(c) or _IS_ROLE_RE.match(c)
    if not m:
        return []
    said = "manager" if r is not None else (m.group("role") or m.group("role2")).lower() if new else m.group("role").lower()
    if new is not None and re.fullmatch(PARTNER_WORDS, said):  # "New partner: Hanna.", "new girlfriend, Sarah"
        v = (new.group("v") or new.group("v2") or "").strip()
        if v and v.split()[0].lower() not in _NOT_NAMES:
            return [_profile(f"User's {said} is {v}", "partner", v, 0.75, "update", undated=True)]
    if r is None and (said not in _ROLES or (m.re is _ROLE_IS_RE and m.group("the") and said not in _SERVICE_ROLES)):
        return []
    if m.re is _ROLE_IS_RE and m.group("bare") is not None and said in _ANYONES_ROLES:
        return []  # "teacher is Mrs Smith" in a parent's list: as likely a child's
    v = (m.group("v") or m.group("v2")).strip() if new else m.group("v").strip()
    if v.split()[0].lower() in _NOT_NAMES or v.lower() in ("i", "user"):
        return []
    role = _ROLE_KEY.get(said, said)
    key = f"{role.replace(' ', '_')}.name"
    if new is not None:  # the rest of the clause is about what the new holder did or said, but where they are
        where = c[new.end("v" if new.group("v") else "v2"):new.end()].rstrip(" ,.;!")
        # ... and what they are, said after them in a note: "New boss: Ravi Naidoo, CFO."
        title = re.match(r"^\s*(?P<t>(?-i:[A-Z])[\w&'-]*(?:\s+[\w&'-]+){0,3})\s*[.!]?\s*$", c[new.end():])
        as_said = (new.group("role") or new.group("role2") or role).replace("_", " ")  # "boss", as the user said it
        return [_profile(f"User's new {as_said} is {v}{where}{', ' + title['t'] if title else ''}", key, v, 0.6, "update",
                         undated=True)]
    change = "update" if _NOW_RE.search(c) or re.search(r"\b(?:new|in the meantime|from now on)\b", c, _I) else None
    text = to_third_person(raw)
    if m.re is _ROLE_IS_RE and m.group("the"):  # "the dentist is ..." in the user's own list
        text = re.sub(r"^the\b", "User's", text, count=1, flags=_I)
    elif m.re is _ROLE_IS_RE and m.group("bare") is not None:  # "advisor is dr halvorsen": the "my" left out
        text = "User's " + text[:1].lower() + text[1:]
    return [_profile(text, key, v, 0.6, change)]


# The key of a change that ends whatever role a named person holds: the write path
# retires the role record that holds the name, else stores nothing (`write._holder_left`).
HOLDER_LEFT = "role.holder"
_HOLDER_LEFT_RE = re.compile(
    r"(?:^|\b(?i:when|since|after|now that|because|as|and|but|so)\s+)" + _NAME_V + r"\s+"
    r"(?:(?i:has|had|just|finally|recently|sadly)\s+)*(?P<verb>(?i:retired|passed away|died|moved away|"
    r"stopped (?:practi[sc]ing|working)|closed (?:his|her|their|the) (?:practice|clinic|office|surgery)|"
    r"(?:left|quit) (?:the|his|her|their) (?:practice|clinic|surgery|company|firm|job|team|school|agency|"
    r"university|department|lab|hospital)|"
    # "took a job at UBC", "went on maternity leave", "stepped down", "moved away" (not "moved to
    # Lisbon": a holder who moves may keep the role)
    r"(?:took|has taken|accepted|got) (?:a|an|the) (?:new |permanent |faculty |senior )?(?:job|position|post|role|"
    r"offer)|went on (?:maternity|paternity|parental|sick|long-term|medical) leave|stepped down|resigned|"
    r"moved (?:away|abroad|on)))\b")
# a pet (or a holder) gone for good: "Pippin's gone, I found him on the bottom of the cage",
# "we lost Pippin on Sunday", "had to put Biscuit down" (never "Mum's gone out")
_GONE_RE = re.compile(
    r"(?:^|(?<=\s))" + _NAME_V + r"(?:'s|\s+is|\s+has)\s+(?:(?i:sadly|finally|now)\s+)?"
    r"(?P<verb>(?i:gone|passed|passed on|no longer with us|crossed the rainbow bridge))"
    r"(?=\s*(?:[,.;!]|$|(?i:now|for good|sadly|last|on|this|yesterday|in (?:the night|his sleep|her sleep))\b))"
    r"|\b(?i:we|i)\s+(?:(?i:sadly|finally)\s+)?(?i:lost)\s+(?P<v2>[A-Z][a-z'-]+)"
    r"(?=\s*(?:[,.;!]|$|(?i:on|last|this|yesterday|today|to cancer|in the night)\b))"
    r"|\b(?i:put|putting)\s+(?P<v3>[A-Z][a-z'-]+)\s+(?i:down|to sleep)\b")
# the words that say who, not a name: "Dad retired" is a parent, never a role's holder
_NOT_HOLDERS = frozenset({"dad", "mum", "mom", "mother", "father", "grandma", "grandpa", "granny", "he", "she",
                          "they", "everyone", "nobody"})


# "my advisor dr. okafor wants a draft", "Renata, my manager at Hatchline, wants ...": a
# role named in passing, with a verb of its holder's after it
_ROLE_IN_PASSING_RE = re.compile(
    r"(?:^|[,;:]\s+|\b(?i:and|but|so|because|since|as|when)\s+)(?i:my|our)\s+" + _ROLE_MODS
    + r"(?P<role>[a-z][a-z -]{1,24}?),?\s+" + _NAME_V
    + r",?\s+(?:(?i:at|from)\s+[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,2},?\s+)?(?:(?i:just|also|still|always|really|finally)\s+)*"
    r"(?=(?i:wants|wanted|says|said|thinks|thought|told|tells|asked|asks|needs|suggested|suggests|recommended|"
    r"recommends|sent|sends|gave|gives|put|puts|called|calls|emailed|booked|is|was|has|had|will|would|can|could|"
    r"runs|ran|lets|let|keeps|makes|made|knows|seems|checks|reviews|reviewed|approved|approves|signed|signs|"
    r"wrote|writes)\b)"
    # "Renata, my manager at Hatchline, wants ...", "Noura (my lead) runs a tight ship"
    r"|(?:^|[,;:]\s+|\s)" + _NAME_V.replace("(?P<v>", "(?P<v2>") + r"(?:,\s+|\s*\()(?i:my|our)\s+" + _ROLE_MODS
    + r"(?P<role2>[a-z][a-z -]{1,24}?)(?:\s+(?i:at|from)\s+[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,2})?[,)]")


# "I take warfarin under Dr Hargreaves at the Batheaston surgery": the doctor the user is seen by
_SEEN_BY_RE = re.compile(r"\b(?i:under|with|see|seeing|registered with)\s+(?P<v>(?:Dra|Dr)\.?\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s+"
                         r"(?i:at|in)\s+(?i:the\s+)?(?:[A-Z][\w'-]+\s+)?(?i:surgery|practice|gp|health cent(?:re|er)|"
                         r"medical cent(?:re|er))\b")


# "Dr Okafor at the Milngavie surgery has taken over my care", "Dr. Osei has taken over his
# patients", "Dr Osei at the Moortown Group Practice looks after me now", "Prof. Yoon took me
# on": a titled person now holds the role of the user's doctor or advisor (a new holder: the
# one before is replaced)
_TOOK_OVER_RE = re.compile(
    r"(?:^|[,;:]\s+|\b(?i:and|but|so|now|then|when|since)\s+)" + _NAME_V + r",?" + _WHERE_TAIL
    + r",?\s+(?:(?i:who|has|had|have|just|now|kindly|finally)\s+)*"
    r"(?:(?i:taken|took|has taken)\s+over\s+(?P<what>(?i:my|his|her|their|the)\s+(?:care|case|treatment|patients|"
    r"practice|list|file|supervision))|(?P<after>(?i:looks|is looking|has been looking)\s+after\s+me)"
    r"|(?P<on>(?i:took|taken|take)\s+me\s+on|(?i:agreed|offered)\s+to\s+supervise\s+me"
    r"|(?i:is|started)\s+supervising\s+me))\b")
_CARE_TITLES = {"dr": "doctor", "dra": "doctor", "prof": "advisor"}


def care_taken_over(raw: str) -> list[FactDict]:
    """"Dr Okafor has taken over my care" -> "User's doctor is Dr Okafor", "Prof. Yoon
    took me on" -> "User's advisor is Prof. Yoon": the new holder of the role the title
    says (a doctor's care, a professor's supervision), keyed so that it replaces the
    role's record; no change cue of its own, so with no record of the role it retires
    nothing else ("a heart doctor, Dr. Lindqvist" stays). A name without a title says no
    role ("Sam took me on" is a job, or a dare)."""
    m = _TOOK_OVER_RE.search(raw)
    if m is None:
        return []
    v = m.group("v").strip()
    role = _CARE_TITLES.get(v.split()[0].rstrip(".").lower())
    if role is None or (role == "advisor") != bool(m.group("on")):
        return []  # a professor takes a student on; a doctor takes over the care
    return [_profile(f"User's {role} is {v}", f"{role}.name", v, 0.6, None, undated=True,
                     rule="care_taken_over")]


def role_in_passing(raw: str) -> list[FactDict]:
    """"my advisor dr. okafor wants a draft of chapter 1", "Renata, my manager at
    Hatchline, wants the deck": the one person in that role, said on the way to
    something else. Keyed like `role_named` (a later name of the role replaces it, and
    "dr. okafor took a job at UBC" retires it); the clause itself is kept as well."""
    m = _ROLE_IN_PASSING_RE.search(raw)
    if m is None:
        seen = _SEEN_BY_RE.search(raw)
        return [_profile(f"User's doctor is {seen.group('v')}", "doctor.name", seen.group("v"), 0.6, None,
                         undated=True, rule="role_in_passing")] if seen else []
    said = (m.group("role") or m.group("role2")).lower().strip()
    v = (m.group("v") or m.group("v2")).strip()
    if said not in _ROLES or v.split()[0].lower() in _NOT_NAMES | _NOT_HOLDERS or v.lower() in ("i", "user"):
        return []
    role = _ROLE_KEY.get(said, said)
    return [_profile(f"User's {role.replace('_', ' ')} is {v}", f"{role.replace(' ', '_')}.name", v, 0.6, None,
                     undated=True, rule="role_in_passing")]


def holder_left(raw: str) -> list[FactDict]:
    """"the other one closed when Dr. Ferrer retired", "Mr Haddad passed away": the
    named person no longer holds their role in the user's life (a doctor, a landlord,
    a manager). Keyed `HOLDER_LEFT`, valued with the name: it retires only a role
    record that holds that name, and is not itself stored (the clause is kept)."""
    out: list[FactDict] = []
    for m in _HOLDER_LEFT_RE.finditer(raw):
        v = m.group("v").strip()
        if v.split()[0].lower() in _NOT_NAMES | _NOT_HOLDERS:
            continue
        out.append(dict(text=f"{v} {m.group('verb').lower()}", kind="semantic", importance=0.3, key=HOLDER_LEFT,
                        value=v, change="delete", rule="holder_left"))
    for m in _GONE_RE.finditer(raw):
        v = (m.group("v") or m.group("v2") or m.group("v3")).strip()
        if v.split()[0].lower() in _NOT_NAMES | _NOT_HOLDERS or any(d["value"] == v for d in out):
            continue
        out.append(dict(text=f"{v} is gone", kind="semantic", importance=0.3, key=HOLDER_LEFT, value=v,
                        change="delete", rule="holder_left"))
    return out


def pet_named(name: str, near: Sequence[Neighbour]) -> Neighbour | None:
    """The active record of the user's pet (key `pet.…`) that names `name`: "User has a
    pet bird (budgie) named Pippin" for "Pippin's gone"."""
    said = {w for w in re.findall(r"[\w'-]+", name.lower())}
    for n in near:
        key = n.memory.key or ""
        if n.memory.active and key.startswith("pet.") and said \
                and said <= {w for w in re.findall(r"[\w'-]+", n.memory.text.lower())}:
            return n
    return None


# The key of a change that gives whatever role a named person held to another ("Dr
# Whitcombe has taken over Dr Anand's patients"): the write path rewrites it as the role
# record's new value ("User's doctor is Dr Whitcombe"), else stores nothing.
HOLDER_SUCCESSOR = "role.successor"
_PERSON_RE = re.compile(_NAME_V)


def holder_replaced(raw: str) -> list[FactDict]:
    """"Dr Whitcombe, who has taken over Dr Anand's patients", "Ana was replaced by
    Farid": one person took over from another, whatever role the first held for the user.
    Valued with the new holder; the old one is read back from the text."""
    # the replacements said of people, not "swapped the Honda for a Tesla"
    said = next((m for m in (rx.search(raw) for rx in PERSON_REPLACEMENT_RES) if m), None)
    if said is None:
        return []
    pair = old, new = said.group("a").strip(" ,."), said.group("b").strip(" ,.")
    if not all(_PERSON_RE.fullmatch(p) and p.split()[0].lower() not in _NOT_NAMES | _NOT_HOLDERS for p in pair):
        return []
    return [dict(text=f"{new} has taken over from {old}", kind="semantic", importance=0.3, key=HOLDER_SUCCESSOR,
                 value=new, change="update", rule="holder_replaced")]


# A holder's departure in other words than `_HOLDER_LEFT_RE`'s, and a new holder named without a
# title after it in the same message: "halvorsen bailed to oregon state over break, mbeki took me on"
# (a name typed in lower case counts here: the write path acts only when a role record holds it)
_ANY_NAME_V = _NAME_V[:-1] + r"|(?-i:[a-z][a-z'-]{2,}))"
_DEPARTED_RE = re.compile(
    r"(?:^|[.,;:!?]\s+|[^\w\s,.;:!?'\"()-]\s*|\b(?i:when|since|after|now that|because|as|and|but|so)\s+)" + _ANY_NAME_V
    + r"\s+(?:(?i:has|had|just|finally|recently|suddenly)\s+)*(?i:left|bailed|quit|retired|resigned|moved|transferred|"
    r"jumped ship|stepped down|took a job|got a job|is leaving|is off)\b")
_TOOK_ME_ON_RE = re.compile(
    r"(?:^|[.,;:!?]\s+|[^\w\s,.;:!?'\"()-]\s*|\b(?i:and|but|so|now|then)\s+)" + _ANY_NAME_V + r"\s+(?:(?i:has|have|just|kindly|finally|now)\s+)*"
    r"(?i:took me on|taken me on|(?:took|taken|is taking) over(?=\s*(?:[.,;:!?]|$|\s+(?:from|as|his|her|their)\b))|"
    r"stepped in|is supervising me|agreed to supervise me|offered to supervise me)\b"
    # "doc lindgren finally retired so its dr alvarez out of livingston": the one it is now
    r"|\b(?i:so|and|now)\s+(?i:it'?s|its|it is)\s+(?:(?i:now)\s+)?" + _NAME_V.replace("?P<v>", "?P<v2>") + r"\b")


def without_the_left_succeeded(facts: list[Fact]) -> list[Fact]:
    """`facts` without the departures (`holder_left`) of those a successor of the same
    message took over from ("doc lindgren retired so its dr alvarez"): the successor's
    change replaces the role record they held, which the departure would retire first."""
    succeeded = {f.text.rsplit(" has taken over from ", 1)[-1].lower() for f in facts if f.key == HOLDER_SUCCESSOR}
    return [f for f in facts if not (f.key == HOLDER_LEFT and (f.value or "").lower() in succeeded)]


def _capitalised(name: str) -> str:
    """A name as names are written: "halvorsen" -> "Halvorsen", "dr mbeki" -> "Dr Mbeki"."""
    return " ".join(w[:1].upper() + w[1:] for w in name.split())


def successor_after_departure(text: str) -> list[FactDict]:
    """"halvorsen bailed to oregon state over break 🙃 mbeki took me on": someone who
    left, then someone who took the user on, in one message: the second took over from
    the first, whatever role the first held (keyed `HOLDER_SUCCESSOR`, as
    `holder_replaced`: the write path makes it the role record's new value, and stores
    nothing when the first held no role). A new holder alone, without a departure before
    it, says no role ("Sam took me on" is a job, or a dare)."""
    gone = next((m for m in _DEPARTED_RE.finditer(text)
                 if m.group("v").split()[0].lower() not in _NOT_NAMES | _NOT_HOLDERS), None)
    if gone is None:
        return []
    new = next((m for m in _TOOK_ME_ON_RE.finditer(text, gone.end())
                if (m.group("v") or m.group("v2")).split()[0].lower() not in _NOT_NAMES | _NOT_HOLDERS), None)
    if new is None or (new.group("v") or new.group("v2")).strip() == gone.group("v").strip():
        return []
    old, who = (_capitalised((m.group("v") or m.groupdict().get("v2") or "").strip()) for m in (gone, new))
    return [dict(text=f"{who} has taken over from {old}", kind="semantic", importance=0.3, key=HOLDER_SUCCESSOR,
                 value=who, change="update", rule="successor_after_departure")]


# "Renata, my manager at Hatchline, wants ...", "my new team at Stripe": a tie of work named
# with its organisation says where the user works (never an old or former one's, nor
# someone else's: "my sister's boss at Lidl")
_WORK_TIE_AT_RE = re.compile(
    r"(?<!')\b(?i:my|our)\s+(?:(?i:new|current)\s+)?(?i:boss|manager|line manager|team lead|tech lead|supervisor|"
    r"colleagues?|co-?workers?|team|director|department)(?:\s+[A-Z][a-z'-]+)?\s+(?i:at)\s+"
    r"(?P<org>[A-Z][\w&'.-]*(?:\s+(?:&\s+)?[A-Z][\w&'.-]*){0,3})")


# a time of year after "at": "my team at Christmas" is no employer
_NOT_ORGS = frozenset({"christmas", "xmas", "easter", "thanksgiving", "halloween", "diwali", "eid", "hanukkah", "new",
                       "ramadan", "lunch", "dinner", "breakfast", "night", "weekends"})


def workplace_of_tie(raw: str) -> list[FactDict]:
    """The employer a work tie names ("my manager at Hatchline" -> "User works at Hatchline")."""
    m = _WORK_TIE_AT_RE.search(raw)
    if not m or m.group("org").split()[0].lower() in _NOT_NAMES | _NOT_ORGS:
        return []
    if re.match(r"\s+(?i:for)\s+(?:[A-Z]|(?i:my|our|his|her|the)\b)", raw[m.end():]):
        return []  # "first day at Oakwood for Ellie": hers
    org = m.group("org").rstrip(".'")
    return [_profile(f"User works at {org}", "employer", org, 0.6, None, rule="workplace_of_tie")]


# A new workplace shown by where the user now is in it: "week 3 at Zeewind", "my first
# month at Brightline", "boulder shed has me on the setting crew from monday". Never
# someone else's ("Theo's first week at Oakfield"), nor a school or a university.
_ORG = r"(?P<org>[A-Z][\w&'.-]*(?:\s+(?:&\s+)?[A-Z][\w&'.-]*){0,3})"  # "Cleveland Clinic Abu Dhabi"
_WEEK_AT_RE = re.compile(r"(?<!')(?<!'s )(?<!\bhis )(?<!\bher )(?<!\btheir )(?<!\bour )\b(?i:(?:week|day|month)\s+(?:\d{1,2}|one|two|"
                         r"three|four|five|six)(?:\s+of\s+\d{1,2})?|wk\s+\d{1,2}(?:\s+of\s+\d{1,2})?|(?:my\s+)?"
                         r"(?:first|second|third|1st|2nd|3rd)\s+(?:week|day|month|shift)(?:\s+as\s+(?:an?\s+)?[a-z]+(?:\s+[a-z]+)?)?)"
                         r"\s+(?i:at|with)\s+" + _ORG)
_HAS_ME_ON_RE = re.compile(r"(?:^|\b(?i:and|so|also|now)\s+|[,;]\s+)(?P<org>[A-Za-z][\w&'-]*(?:\s+[A-Za-z][\w&'-]*){0,2})\s+"
                           r"(?i:has|have|put|got)\s+me\s+(?i:on|in)\s+(?i:the\s+)?(?:[a-z-]+\s+)?"
                           r"(?i:crew|team|rota|roster|payroll|staff|books)\b")
_SCHOOLS = re.compile(r"\b(?:school|college|university|uni|academy|high|primary|secondary|elementary|preschool|"
                      r"pre-school|montessori|kindergarten|nursery|daycare|creche)\b", re.I)


# the words a note is headed by, or a sentence opens with, that name no one
_HEADINGS = frozenset("work job jobs career update updates news me today also so and but then my our the this that week "
                      "month status note notes fyi ps edit plus oh ok okay well anyway btw reminder context life health "
                      "money family home kids school weekend finally now just yes yeah still".split())
_HEADED_RE = re.compile(r"^\W*(?:(?:update|news) (?:on|for|about) )?(?:(?i:my|our) [a-z]+ )?(?P<n>[A-Z][\w'-]*)(?:\s*:\s*|\s+)")


def _headed_by_someone(said: str) -> bool:
    """Whether what comes before is someone's name: "J: first month as a data analyst @
    Sydney Water" is J's news, and so is "Jonah first month at ..." ("Work: week 3 at
    Zeewind", "SHx: ...", "My first week at ..." are the user's)."""
    m = _HEADED_RE.match(said)
    return m is not None and m.end() == len(said) and not (m["n"].isupper() and len(m["n"]) > 1) \
        and m["n"].lower() not in _HEADINGS | _NOT_NAMES


def workplace_started(raw: str) -> list[FactDict]:
    """The employer a new job's first weeks name ("week 3 at Zeewind" -> "User works at
    Zeewind"), or that has put the user on its crew; a change of the employer."""
    m = _WEEK_AT_RE.search(raw) or _HAS_ME_ON_RE.search(raw)
    if m is None or _headed_by_someone(raw[:m.start()]):
        return []
    if re.match(r"\s+(?i:for)\s+(?:[A-Z]|(?i:my|our|his|her|the)\b)", raw[m.end():]):
        return []  # "first day at Oakwood for Ellie": hers
    org = m.group("org").rstrip(".'")
    words = org.lower().split()
    if words[0] in _NOT_NAMES | _NOT_ORGS | _NOT_HOLDERS | {"i", "user", "he", "she", "they", "we", "it", "work", "home"} \
            or _SCHOOLS.search(org):
        return []
    return [_profile(f"User works at {org}", "employer", org, 0.6, "update", rule="workplace_started")]
