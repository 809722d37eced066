"""A question that names a kind of thing is answered by a thing of that kind: "what
exercise does the user do?" by "User is running on the river road", "which vehicles do
they own?" by "we got a RAV4 hybrid", "what instrument ...?" by "User plays the cello".
The small embedding model scores such pairs no higher than unrelated facts about the
user ("User is hungry constantly"), and they share no word. So a question's word for a
kind (`KINDS`: everyday kinds of a person's life) also looks for the words of its
members in the keyword index, and a memory that says a member covers the kind's word
when recall counts how much of the question a memory covers.

Only a kind the question asks for expands ("what exercise ...", not "how often does the
user exercise?"), and only when no record of the scope says the kind's word itself (a
user who says "company car" is found by it: on the held-out conversations, expanding
every kind found old values by their members over the new ones). Never a member
("running" does not ask about yoga), and a kind's
members are words that name it in any context ("drive" and "walk" are not vehicles nor
exercise: "User drives to work"), never a brand ("Ford" would find the old "Ford Explorer"
over the new "F-150").
"""

from __future__ import annotations

import re

from ..extract.lexicon import VEHICLES
from ..text import coverage_stem as stem

_KIND_MEMBERS: dict[str, str] = {
    "exercise exercises sport sports workout workouts fitness": (
        "run runs running jog jogging gym yoga pilates swim swims swimming cycling cycle spin climbing climb climbs "
        "bouldering boulder boulders tennis football soccer basketball volleyball netball rugby cricket hockey hiking "
        "hike lifting weights strength crossfit rowing marathon 5k 10k parkrun triathlon boxing karate judo taekwondo "
        "jiujitsu martial badminton squash golf surfing surf skiing ski skating dance dancing zumba barre"),
    "gym gyms": "fitness strength weights lifting crossfit workout",
    "music song songs band bands artist artists singer singers genre": (
        "playlist playlists song songs album albums concert concerts gig gigs listening jazz rock pop rap hip-hop "
        "kpop k-pop classical indie metal punk country folk blues techno reggae soul band singer"),
    # (and the makes and models a car is told by: "motor is a 2018 prius", `lexicon.VEHICLES`)
    "vehicle vehicles car cars": (
        "car cars truck trucks suv van hybrid sedan hatchback pickup motorbike motorcycle scooter ev motor "
        + " ".join(sorted(VEHICLES))),
    # the user's children by what they are to them ("User's daughter Rosaria", "my boy Tyler")
    "child children kid kids": "son sons daughter daughters boy boys girl girls eldest youngest twins stepson stepdaughter",
    "instrument instruments": (
        "guitar piano violin viola cello drums bass ukulele flute saxophone sax trumpet clarinet harp keyboard"),
    # a dog said by its breed ("Tokkie, our Boerboel"), the breeds that name no other thing
    "dog dogs": ("puppy labrador retriever beagle poodle terrier spaniel collie husky bulldog dachshund corgi pug "
                 "chihuahua rottweiler doberman greyhound whippet schnauzer pomeranian samoyed akita mastiff "
                 "mutt mutts mongrel cockapoo labradoodle sheepdog boerboel vizsla weimaraner ridgeback staffie lurcher kelpie malamute "
                 "yorkie westie cavapoo"),
    "cat cats": "kitten kittens tabby siamese persian ragdoll sphynx tortoiseshell tortie calico moggy",
    # a phone said by its make or model ("put an iPhone in my hand", "grabbed a pixel 8 off marketplace")
    "phone phones mobile mobiles": ("iphone pixel galaxy samsung nokia motorola moto xiaomi redmi huawei oneplus oppo "
                                    "android blackberry"),
    "pet pets animal animals": (
        "dog dogs cat cats puppy kitten parrot rabbit bunny hamster goldfish fish bird birds horse tortoise turtle "
        "lizard snake gecko"),
    "hobby hobbies pastime pastimes": (
        "knitting crochet painting drawing gardening baking cooking photography chess pottery woodworking sewing "
        "fishing birdwatching gaming climbing hiking reading watercolour watercolours watercolor watercolors sketching "
        "embroidery quilting calligraphy"),
    "language languages": (
        "spanish french german dutch korean japanese mandarin chinese cantonese italian portuguese arabic hindi "
        "russian polish swedish danish norwegian greek turkish hebrew swahili tagalog vietnamese thai"),
    "medication medications medicine medicines meds drug drugs": (
        "mg mcg ml pill pills tablet tablets capsule capsules dose doses inhaler injection injections prescription "
        "prescribed "
        # the drugs said by name ("mi cyaan tek aspirin at all")
        "aspirin ibuprofen paracetamol acetaminophen tylenol advil nurofen naproxen codeine tramadol morphine "
        "penicillin amoxicillin antibiotic antibiotics metformin insulin warfarin statin statins sertraline "
        "fluoxetine prozac citalopram lisinopril amlodipine ozempic levothyroxine omeprazole antihistamine "
        "eliquis apixaban xarelto rivaroxaban coumadin clopidogrel plavix heparin atorvastatin simvastatin ramipril "
        "losartan bisoprolol gabapentin pregabalin prednisone prednisolone salbutamol ventolin"),
    # a blood thinner by its name ("Dr Broussard got me on Eliquis")
    "thinner thinners anticoagulant anticoagulants": (
        "warfarin coumadin eliquis apixaban xarelto rivaroxaban heparin clopidogrel plavix dabigatran pradaxa "
        "edoxaban aspirin"),
    "commute transport": "bus train tube metro subway tram ferry bike cycle cycling carpool",
    "drink drinks": ("coffee tea beer wine juice soda water matcha latte espresso cappuccino americano chai rooibos "
                     "kinkeliba kombucha smoothie lemonade cola coke whisky whiskey gin vodka rum cocktail cider lager "
                     "ale stout cocoa"),
}

KINDS: dict[str, frozenset[str]] = {}
"""A kind's word (stemmed) -> the stems of its members."""
for _words, _members in _KIND_MEMBERS.items():
    for _w in _words.split():
        KINDS[stem(_w)] = KINDS.get(stem(_w), frozenset()) | frozenset(stem(m) for m in _members.split())
_MEMBER_WORDS: dict[str, list[str]] = {
    stem(w): list(dict.fromkeys(m.split())) for words, m in _KIND_MEMBERS.items() for w in words.split()}


# the kind is what is asked for: "what exercise ...", "which vehicles ...", "any pets", "what
# kind of music"; not a word that only says whose or where ("the vet he takes the animals to")
_ASKS_KIND_RE = re.compile(r"\b(?:(?:(?:what|which|any)\s+)?(?:kinds?|types?|sorts?) of|what|which|any)\s+(?P<k>[\w'-]+)(?:\s+(?P<k2>[\w-]+))?",
                           re.I)


# ... or the user's own, by name: "what are the user's dogs called?", "what is the name of
# her cat?" (not "what is the user's dog's vet called?": the vet is asked)
_ASKS_OWN_RE = re.compile(r"\b(?:what|which)(?:'s|\s+is|\s+are|\s+was|\s+were)\s+(?:the\s+names?\s+of\s+)?"
                          r"(?:the\s+user's|user's|their|his|her|my)\s+(?P<k>[\w-]+)(?!'s?\b)"
                          r"(?=\s+(?:called|named)\b|\s*\?|\s*$)", re.I)


_ALLERGY_Q_RE = re.compile(r"\b(?:allerg|intoleran|sensitiv|react)", re.I)
_NOT_HEAD = frozenset("does do did is are was were has have had can could will would should the a an of in at for to "
                      "on with that this he she they user user's users their his her".split())


def _head(m: re.Match[str]) -> str:
    """The word asked for after "what", "which", "any": the second when it is a noun too
    ("any drug allergies" asks for allergies, "any dog sports" for sports), else the first."""
    k, k2 = m.group("k"), m.group("k2")
    return k if not k2 or k2.lower() in _NOT_HEAD else k2


def members_asked(words: list[str], query: str | None = None) -> list[str]:
    """The member words of the kinds the query asks for, to look for beside its words:
    with `query`, only a kind said as what is asked (`_ASKS_KIND_RE`)."""
    if query is not None and _ALLERGY_Q_RE.search(query):
        return []  # "allergic to any medicine?": an allergy's answer names the drug, not a dose
    asked = {stem(_head(m)) for m in _ASKS_KIND_RE.finditer(query)} | \
        {stem(m.group("k")) for m in _ASKS_OWN_RE.finditer(query)} if query is not None else None
    out: list[str] = []
    for w in words:
        if asked is None or stem(w) in asked:
            out += _MEMBER_WORDS.get(stem(w), [])
    return [m for m in dict.fromkeys(out) if m not in words]


def members(kind: str) -> list[str]:
    """The member words of a kind's word ("medication" -> "mg", "aspirin", ...)."""
    return _MEMBER_WORDS.get(stem(kind), [])


def kinds_said(stems: set[str], asked: set[str]) -> set[str]:
    """The kind words of `asked` that a memory's word stems name a member of."""
    return {k for k in asked if k in KINDS and stems & KINDS[k]}
