"""Deterministic fact extraction: one chat message in, atomic third-person facts out.

The package's modules, in the order the pipeline uses them: `lexicon` (word lists
and patterns), `clauses` (sentence and clause splitting), `filters` (salience and
rules for the assistant), `grammar` (first to third person), `values` (slot
values), `slots` (the profile rules, an ordered registry), `people` (other people)
and `pipeline` (`extract_facts`).

Pure functions, regex only: no I/O, no DB, no model. The bundled LLM is too weak to
extract facts, so these rules are the default write path.

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

from ..dates import resolve_dates
from ..models import Discard, Extraction, Fact
from .corrections import corrected
from .grammar import to_third_person
from .people import known_people
from .pipeline import extract_facts, message_correction, message_restated

__all__ = ["Fact", "Discard", "Extraction", "corrected", "extract_facts", "known_people", "message_correction", "message_restated",
           "resolve_dates", "to_third_person"]
