"""Recent beats old at read time: among the best hits, a later fact that gives the same
thing another value goes above the earlier one, for a question in the present; events,
episodes, other subjects, one sitting and questions about the past are left alone."""

import pytest

from memcli.api import MemoryStore
from memcli.ingest import Message, ingest
from memcli.models import Hit, Memory
from memcli.recall import recall
from memcli.recall.newer import conflict, newer_first


def _hit(text: str, since: str, *, kind: str = "semantic", episode: bool = False, score: float = 0.5) -> Hit:
    m = Memory(id=text[:12], scope="user:t", kind=kind, text=text, valid_from=since, episode=episode)
    return Hit(memory=m, score=score)


OLD = "User and family are living in Phibsborough, rent is 1,650 euro every month"
NEW = "The house here is bigger, rent is 2,100 per month but with garden"


@pytest.mark.parametrize(("older", "newer"), [
    (OLD, NEW),
    ("Medical aid is Discovery", "Medical aid is Momentum since November"),
    ("User's son Graham lives in Perth with his family", "User's son Graham lives in Brisbane now"),
    ("User volunteers in the dell on Thursday mornings", "User volunteers in the gift shop on Tuesday mornings"),
    # the topic written as a name in one and as a word in the other
    ("User sings with the Leith Community Choir on Tuesday evenings", "Choir is on Wednesdays this term"),
])
def test_a_later_value_for_the_same_thing_conflicts(older, newer):
    assert conflict(older, newer)


@pytest.mark.parametrize(("older", "newer"), [
    ("User's son Graham lives in Perth", "User's daughter Lindiwe lives in Cape Town"),  # another subject
    ("User has a cat called Mango", "User has a dog called Dotty"),  # nothing in common but having
    ("User likes jazz", "User likes jazz a lot"),  # the same value
])
def test_other_things_do_not_conflict(older, newer):
    assert not conflict(older, newer)


def test_the_later_fact_goes_above_the_earlier_one():
    hits = [_hit(OLD, "2024-11-12T20:00:00Z", score=0.6), _hit("User is a mechanic", "2024-11-12T20:00:00Z"),
            _hit(NEW, "2025-08-30T09:00:00Z", score=0.4)]
    out = newer_first(hits, "How much rent does the user pay?", 5)
    assert [h.memory.text for h in out] == [NEW, OLD, "User is a mechanic"]


@pytest.mark.parametrize("query", ["How much rent did the user pay before?", "What was the user's first rent?",
                                   "How much rent did they pay in 2024?"])
def test_a_question_about_the_past_keeps_the_order(query):
    hits = [_hit(OLD, "2024-11-12T20:00:00Z"), _hit(NEW, "2025-08-30T09:00:00Z")]
    assert newer_first(hits, query, 5) == hits


@pytest.mark.parametrize(("kind", "episode"), [("episodic", False), ("semantic", True)])
def test_events_and_turns_add_up(kind, episode):
    hits = [_hit(OLD, "2024-11-12T20:00:00Z"), _hit(NEW, "2025-08-30T09:00:00Z", kind=kind, episode=episode)]
    assert newer_first(hits, "How much rent does the user pay?", 5) == hits


def test_a_later_state_goes_above_an_earlier_event():
    ran = _hit("User ran a 5:58 mile on 2025-02-25", "2025-02-27T10:00:00Z", kind="episodic", score=0.7)
    now = _hit("Mile is 5:41 now, coach says User could make state next yr", "2025-06-14T10:00:00Z", score=0.66)
    assert newer_first([ran, now], "What is the user's mile time?", 5) == [now, ran]


def test_a_later_state_goes_above_the_turn_that_said_the_old_value():
    """The turn that said "rent is 1,650" is what the user said then; the later fact is
    what holds now."""
    turn = _hit("We are living in Phibsborough, rent is 1,650 euro every month", "2024-11-12T20:00:00Z",
                kind="episodic", episode=True)
    fact = _hit(NEW, "2025-08-30T09:00:00Z")
    assert newer_first([turn, fact], "How much rent does the user pay?", 5) == [fact, turn]


def test_one_sitting_is_one_telling():
    hits = [_hit(OLD, "2024-11-12T20:00:00Z"), _hit(NEW, "2024-11-12T20:05:00Z")]
    assert newer_first(hits, "How much rent does the user pay?", 5) == hits


def test_only_the_window_is_reordered():
    hits = [_hit(OLD, "2024-11-12T20:00:00Z"), _hit("User is a mechanic", "2024-11-12T20:00:00Z"),
            _hit(NEW, "2025-08-30T09:00:00Z")]
    assert newer_first(hits, "How much rent does the user pay?", 2) == hits


def test_a_word_in_common_that_the_question_does_not_ask_is_no_conflict():
    """"epipen lives in my knife roll" and "User lives in Aix" share "lives"; the question
    is about the allergy, so the later fact stays where it ranks."""
    allergy = _hit("User is allergic to shellfish, the epipen lives in their knife roll", "2024-10-08T10:00:00Z",
                   score=0.65)
    home = _hit("User lives in Aix", "2025-09-14T10:00:00Z", score=0.6)
    assert newer_first([allergy, home], "What is the user allergic to?", 5) == [allergy, home]


def test_a_later_fact_that_barely_answers_stays_below():
    hits = [_hit(OLD, "2024-11-12T20:00:00Z", score=0.8), _hit(NEW, "2025-08-30T09:00:00Z", score=0.2)]
    assert newer_first(hits, "How much rent does the user pay?", 5) == hits


def test_a_later_value_said_in_other_words_goes_up_though_it_scores_lower():
    """A third as relevant is enough when it gives the asked thing another value: said in
    other words, the new value shares few of the question's words."""
    old = _hit("The BK21 stipend is 1.3 million won a month", "2024-09-02T10:00:00Z", score=0.67)
    new = _hit("User gets 2 million won a month from this semester, the stipend went up", "2025-03-04T10:00:00Z",
               score=0.25)
    assert newer_first([old, new], "How much is the user's monthly stipend?", 5) == [new, old]


def test_three_values_of_one_thing_come_newest_first():
    said = [("User's mile is like 6:40", "2024-10-01T10:00:00Z", 0.7), ("User ran a 5:58 mile", "2025-02-25T10:00:00Z",
                                                                        0.6),
            ("User's mile is 5:41 now", "2025-06-20T10:00:00Z", 0.5)]
    hits = [_hit(t, since, score=score) for t, since, score in said]
    out = newer_first(hits, "What is the user's mile time?", 5)
    assert [h.memory.text for h in out] == [t for t, _, _ in reversed(said)]


def test_a_later_fact_that_drops_the_value_gives_no_other_one():
    lagos = _hit("User's husband Chidi is in Lagos for work until the end of the year", "2024-09-01T10:00:00Z",
                 score=0.68)
    back = _hit("User's husband Chidi is back for good", "2025-01-10T10:00:00Z", score=0.48)
    wharf = _hit("User's husband Chidi is in the Canary Wharf office from 2025-01-10", "2025-01-10T10:00:00Z",
                 score=0.45)
    out = newer_first([lagos, back, wharf], "Where is the user's husband working?", 5)
    assert [h.memory.text for h in out] == [wharf.memory.text, lagos.memory.text, back.memory.text]


def _keyed(text: str, since: str, key: str, score: float) -> Hit:
    m = Memory(id=text[:12], scope="user:t", kind="profile", text=text, key=key, valid_from=since)
    return Hit(memory=m, score=score)


def test_a_later_record_of_the_key_asked_goes_above_an_older_statement_of_that_slot():
    old = _hit("User lives in Bình Thạnh, rent is 9 million a month for a tiny studio lol", "2024-03-02T10:00:00Z",
               score=0.62)
    new = _keyed("The place in Đà Nẵng is 6.5 million and 5 minutes from the beach", "2024-09-02T11:00:00Z",
                 "home_city", 0.58)
    out = newer_first([old, new], "Where does the user live?", 5)
    assert out[0] is new
    # a question the key does not answer, or a record that already says the value, keeps the order
    assert newer_first([old, new], "What does the user's studio cost?", 5)[0] is old
    same = _hit("User lives in Đà Nẵng, near the beach", "2024-03-02T10:00:00Z", score=0.62)
    assert newer_first([same, new], "Where does the user live?", 5)[0] is same
    # someone else's home is not the user's slot
    hers = _hit("Linh's sister lives in Huế", "2024-03-02T10:00:00Z", score=0.62)
    assert newer_first([hers, new], "Where does the user live?", 5)[0] is hers


def test_other_days_are_no_other_place():
    old = _hit("User works at St James's Hospital", "2024-11-04T01:00:00Z", score=0.6)
    days = _hit("User works Monday, Tuesday and Friday days now", "2024-12-04T01:00:00Z", score=0.6)
    assert newer_first([old, days], "Where does the user work?", 5)[0] is old
    assert newer_first([old, days], "When does the user work?", 5)[0] is days


def test_in_one_telling_an_end_gives_way_to_the_new_value():
    end = _hit("User's daughter Lindiwe is leaving Wits", "2025-01-10T09:00:00Z", score=0.73)
    new = _hit("User's daughter Lindiwe got into UCT, transferring to Cape Town", "2025-01-10T09:00:40Z", score=0.72)
    assert newer_first([end, new], "Which university does the user's daughter attend?", 5)[0] is new
    # two states of one telling keep their order
    one = _hit("User's daughter Lindiwe studies at Wits", "2025-01-10T09:00:00Z", score=0.73)
    assert newer_first([one, new], "Which university does the user's daughter attend?", 5)[0] is one


# -- a later answer on the same topic, nearly as relevant -------------------------------------
def test_a_later_thing_of_the_kind_asked_goes_first():
    old = _hit("User boulders at the climbing gym 3x a week", "2024-09-08T10:00:00Z", score=0.58)
    new = _hit("User is running on the river road most mornings", "2025-05-21T10:00:00Z", score=0.53)
    assert [h.memory.text for h in newer_first([old, new], "What exercise does the user do?", 5)][0] == new.memory.text


@pytest.mark.parametrize(("new_text", "query", "score"), [
    ("User is running on the river road most mornings", "What exercise does the user do?", 0.30),  # far less relevant
    ("User used to run on the river road", "What exercise does the user do?", 0.53),  # of what was
    ("User is running on the river road most mornings", "What exercise did the user do in 2024?", 0.53),  # the past
    ("User is running on the river road most mornings", "When does the user exercise?", 0.53),  # no time said
])
def test_a_later_answer_far_less_relevant_bygone_or_without_the_time_asked_stays(new_text, query, score):
    old = _hit("User boulders at the climbing gym 3x a week", "2024-09-08T10:00:00Z", score=0.58)
    new = _hit(new_text, "2025-05-21T10:00:00Z", score=score)
    assert newer_first([old, new], query, 5)[0] is old


def test_the_users_daughter_is_asked_by_their_kid():
    old = _hit("User's kid Jasmine is 13, starting 8th grade at Inman Middle", "2024-08-13T10:00:00Z", score=0.5)
    new = _hit("User's kid Jasmine is at North Atlanta High for 9th grade", "2025-08-18T10:00:00Z", score=0.45)
    top = newer_first([old, new], "Which school does the user's daughter attend?", 5)
    assert top[0] is new


@pytest.mark.parametrize(("older", "newer"), [
    # the kind of thing both name, the last word of two names, is the topic
    ("Then the twins Liam & Noah are 7, 2nd grade at Hawthorne Elementary",
     "The boys' first week at Cherry Hill Elementary went great"),
    # an acronym is a thing, not a person both name
    ("User's last A1C was 7.8", "User's A1C came back 6.9"),
])
def test_a_shared_kind_of_name_or_an_acronym_is_a_topic(older, newer):
    assert conflict(older, newer)


def test_a_person_both_name_is_no_topic():
    assert not conflict("User met Renee at the gym on Monday", "User saw Renee on Friday")


def test_the_latest_asked_for_is_an_event_too():
    old = _hit("User's last A1C was 7.8", "2024-11-04T10:00:00Z", score=0.65)
    new = _hit("User's A1C came back 6.9", "2025-04-09T10:00:00Z", kind="episodic", score=0.6)
    assert newer_first([old, new], "What was the user's most recent A1C result?", 5) == [new, old]
    # a measure taken again, asked with "was" and no date, is the last one taken
    assert newer_first([old, new], "What was the user's A1C result?", 5) == [new, old]
    # without "latest" or a measure's word, an event adds up and a "was" question is about the past
    assert newer_first([old, new], "What was the user's A1C?", 5) == [old, new]
    assert newer_first([old, new], "What is the user's A1C?", 5) == [old, new]


def test_a_relative_named_in_one_and_not_the_other_is_one_subject():
    assert conflict("User's daughter is a school librarian",
                    "User's daughter Karen has been in the billing office at AdventHealth since March 2025",
                    frozenset({"daughter", "work"}))
    # two daughters named are two people
    assert not conflict("User's daughter Jasmine is at North Atlanta High", "User's daughter Lindiwe is at UCT")


def test_in_one_telling_what_happened_goes_above_the_end_beside_it():
    end = _hit("User's brother Marek is not in Gdańsk anymore", "2025-03-20T16:43:56Z", score=0.8)
    job = _hit("User's brother Marek took a job in a shipyard in Oslo", "2025-03-20T16:43:56Z", kind="episodic",
               score=0.74)
    assert newer_first([end, job], "Where does the user's brother live?", 5) == [job, end]
    # a turn never goes above anything
    turn = _hit("Marek took a job in a shipyard in Oslo", "2025-03-20T16:43:56Z", episode=True, score=0.74)
    assert newer_first([end, turn], "Where does the user's brother live?", 5) == [end, turn]


def _in_turn(text: str, turn: str, score: float, since: str = "2025-05-20T05:45:32Z") -> Hit:
    m = Memory(id=text[:12], scope="user:t", kind="semantic", text=text, valid_from=since, source_turns=[turn])
    return Hit(memory=m, score=score)


@pytest.mark.parametrize(("end", "value", "query"), [
    ("User used to be obsessed w blackpink but theyre kinda mid now", "Its all Laufey for User these days",
     "What music is the user into?"),
    ("Javi left", "Hired Marisol", "Who works the window with the user?"),
    ("Tremblay retired to Florida", "Dr. Okoye does the herd checks", "Who is the user's vet?"),
    ("User cancelled puregym", "User is doing the hospital pool now, 2x a week", "Where does the user exercise?"),
])
def test_in_one_turn_the_value_beside_an_end_goes_above_it(end, value, query):
    """One message that ends a thing and names another tells what took its place, in
    words the question need not share."""
    hits = [_in_turn(end, "t1", 0.3), _in_turn("User works at Hoyts", "t0", 0.25, "2025-02-01T00:00:00Z"),
            _in_turn(value, "t1", 0.2)]
    assert [h.memory.text for h in newer_first(hits, query, 5)][0] == value


def test_what_another_turn_or_no_new_value_says_stays_under_the_end():
    end = _in_turn("Javi left", "t1", 0.3)
    other_turn = _in_turn("Hired Marisol", "t2", 0.2)  # said the same day, in another message
    no_value = _in_turn("User can't blame him", "t1", 0.2)  # no name, no figure
    assert newer_first([end, other_turn], "Who works the window?", 5)[0] is end
    assert newer_first([end, no_value], "Who works the window?", 5)[0] is end


@pytest.mark.parametrize(("older", "newer", "query"), [
    # the question's word in another form in each ("dispatcher", "dispatching")
    ("User misses a ton of games carla their dispatcher tries to work with them if User asks early enough",
     "Thats good Brent whos been dispatching User since carla went on mat leave wants weekly settlement sheets",
     "Who is the user's dispatcher?"),
    ("User is on a strict low-carb diet", "The dietitian Dr. Ferreira sent User to has User eating the Mediterranean "
     "way, fish twice a week", "What diet is the user on?"),
])
def test_the_words_of_the_question_in_another_form_are_the_topic(older, newer, query):
    hits = [_hit(older, "2024-10-08T02:21:08Z", score=0.6), _hit(newer, "2025-01-21T14:36:25Z", score=0.45)]
    assert [h.memory.text for h in newer_first(hits, query, 5)] == [newer, older]


@pytest.mark.parametrize(("older", "newer", "query"), [
    # "workout" is not "work": another word that starts the same
    ("User works at Nordea in Helsinki", "User's workout is at Elixia on Tuesday", "Where does the user work?"),
])
def test_another_word_that_starts_the_same_is_not_the_topic(older, newer, query):
    hits = [_hit(older, "2024-10-08T02:21:08Z", score=0.6), _hit(newer, "2025-01-21T14:36:25Z", score=0.45)]
    assert newer_first(hits, query, 5) == hits


def test_a_verb_of_the_question_in_another_form_is_the_topic():
    """"What car does the user drive?": "drives" and "driving" are that verb."""
    old = _hit("User drives an old Volvo estate, a 1998 one, mostly for towing the trailer", "2023-05-02T10:00:00Z",
               score=0.64)
    new = _hit("User has been driving a little blue Honda Jazz since Christmas", "2025-02-10T10:00:00Z", score=0.51)
    assert newer_first([old, new], "What car does the user drive?", 5) == [new, old]


@pytest.mark.parametrize(("older", "newer", "query"), [
    # a role or an occupation opening a terse fact is the user's, not a person so named
    ("Dentist is Dr Rao, near the market", "User's dentist is Dr Okafor now, the one on Leith Walk",
     "Who is the user's dentist?"),
    ("Landlord is Mr Haddad", "User's landlord is Mrs Byrne since the sale", "Who is the user's landlord?"),
])
def test_a_role_word_opening_a_fact_is_no_person(older, newer, query):
    hits = [_hit(older, "2024-03-01T10:00:00Z", score=0.6), _hit(newer, "2025-03-01T10:00:00Z", score=0.45)]
    assert [h.memory.text for h in newer_first(hits, query, 5)] == [newer, older]


def test_a_name_opening_a_fact_is_still_a_person():
    """"Renee is a nurse" is Renee's: the user's own later job does not go above it."""
    hits = [_hit("Renee is a nurse at St James", "2024-03-01T10:00:00Z", score=0.6),
            _hit("User is a teacher at Oakwood now", "2025-03-01T10:00:00Z", score=0.45)]
    assert newer_first(hits, "What does Renee do?", 5) == hits


def test_a_plumbing_firm_replaces_the_plumber():
    """"plumber" and "plumbing": one stem of five letters; "Plumber" opening the old fact is no person."""
    old = _hit("Plumber is Gus at Steeltown Plumbing", "2023-04-18T13:00:00Z", score=0.62)
    new = _hit("Bayfront Plumbing does all User's stuff now, Rosa there is great", "2024-06-02T10:00:00Z", score=0.35)
    assert newer_first([old, new], "Which plumber does the user use?", 5) == [new, old]


def _told(episode: Hit, *facts: str, kind: str = "semantic") -> dict[str, list[Memory]]:
    return {episode.memory.id: [Memory(id=f[:12], scope="user:t", kind=kind, text=f) for f in facts]}


CURLING = "Curling is thursday nights in town"
DRAW = "the curling draw for next season came out, they gave us old timers the early tuesday slot, 6:30"


def test_a_turn_that_stands_for_its_state_goes_above_the_older_state():
    # the fact of the turn ("they gave User the early tuesday slot") leaves out what it is
    # about; the turn, ranked above it, says both
    old, turn = _hit(CURLING, "2024-10-28T18:00:00Z", score=0.6), _hit(DRAW, "2025-07-08T18:00:00Z", episode=True,
                                                                        kind="episodic", score=0.37)
    told = _told(turn, "They gave User and family old timers the early tuesday slot, 6:30")
    assert [h.memory.text for h in newer_first([old, turn], "Which night does the user curl?", 5, told)] \
        == [DRAW, CURLING]


@pytest.mark.parametrize(("told_facts", "kind", "turn"), [
    ((), "semantic", DRAW),  # no fact of its turn ranks under it: a turn on its own never moves
    (("They gave User and family old timers the early tuesday slot, 6:30",), "episodic", DRAW),  # an event's turn
    # the turn names another place, its fact gives the asked thing no other value
    (("User managed a whole dinner conversation with their parents",), "semantic",
     "back from Korea!! curling with the parents, managed a whole dinner conversation with them"),
    # a turn that tells of the past
    (("User curled on tuesdays",), "semantic", "back in 2019 we used to curl on tuesdays"),
])
def test_a_turn_that_stands_for_no_new_state_stays(told_facts, kind, turn):
    old = _hit(CURLING, "2024-10-28T18:00:00Z", score=0.6)
    new = _hit(turn, "2025-07-08T18:00:00Z", episode=True, kind="episodic", score=0.37)
    told = _told(new, *told_facts, kind=kind) if told_facts else {}
    assert newer_first([old, new], "Which night does the user curl?", 5, told) == [old, new]


def test_a_word_the_question_writes_in_lower_case_is_no_person():
    # "Rent" opening a fact is the thing asked about, as the question writes it
    query = "How much rent does the user pay?"
    older, newer = "Rent is 1200 for User's room in clairemont", "landlord raised it to 1350, sd rents are wild"
    assert conflict(older, newer, frozenset({"rent", "pay"}), query)
    # a word opening a fact that is neither written in lower case nor a thing of the user's is a person
    older = "Renata is 1200 for User's room in clairemont"
    assert not conflict(older, newer, frozenset({"renata", "pay"}), "How much does Renata pay?")
    # "Rent" is the user's thing whatever case the question writes it in (`lexicon.THING_WORDS`)
    assert conflict("Rent is 1200 for User's room", newer, frozenset({"rent", "pay"}), "How much does Rent pay?")


@pytest.mark.models
def test_the_turn_with_the_new_night_comes_before_the_old_night(tmp_path, real_embedder):
    # end to end: ingest builds a fact that leaves "curling" out of the new slot; the
    # turn that says both ranks above its fact, and above the old night
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    said = [("curling is thursday nights in town, been doing it 30 years", "2024-10-28T18:00:00Z"),
            ("the curling draw for next season came out, they gave us old timers the early tuesday slot, 6:30. "
             "better than the late thursday draw anyway", "2025-07-08T18:00:00Z")]
    for i, (text, ts) in enumerate(said):
        ingest(store, "user:w", [Message(role="user", content=text, ts=ts, ref=f"s{i}")], source=f"s{i}")
    hits = recall(store, "user:w", "Which night does the user curl?", k=3, now="2025-07-10T00:00:00Z").hits
    assert "tuesday" in hits[0].memory.text


@pytest.mark.parametrize(("query", "older", "newer"), [
    # the home said as a place to live in, the work as a job found; the relative named alone
    ("Where does the user's brother Daisuke live?", "User's brother Daisuke lives in Osaka",
     "Daisuke's apartment in Fukuoka is too small for guests"),
    ("Where does the user's husband Kenji work?", "User's husband Kenji is working as sushi chef in Maxvorstadt",
     "Kenji found job in a ramen bar near Königsplatz"),
    ("Where does the user live?", "User lives in Munich", "User and family found apartment in Göggingen"),
    # a workplace by the kind of place it is
    ("Where does the user's sister Akinyi work?", "User's sister Akinyi is a nurse at the county referral hospital "
     "in Kisumu", "Akinyi has been at Kenyatta National Hospital in Nairobi since July"),
    # a vehicle by another make, model or way of getting about, in any case
    ("What vehicle does the user drive?", "Truck: 2016 Tacoma, 140k mi", "User picked up a used Rivian R1T, 22k mi"),
    ("What truck does the user drive?", "User sleeps in the truck, a company freightliner cascadia",
     "User is running their own 2021 kenworth t680"),
    ("What does the user drive or ride to work?", "User drives a vieille Clio from 2009",
     "User goes to work on a Vespa électrique since July"),
    # a model whose word is parsed to another form ("yaris" is read "yari")
    ("What car does the user drive?", "Car = 2011 Corsa held together w tape",
     "Ended up w a Yaris hybrid, sams dad found it"),
    # a farm vehicle by its make
    ("What tractor does the user have?", "The tractor is an old Massey Ferguson 5713",
     "The John Deere is a dream, I don't know how I put up with the old one so long"),
])
def test_a_side_of_life_said_in_other_words_conflicts(query, older, newer):
    asked = frozenset(w for w in query.lower().strip("?").replace("'s", "").split())
    assert conflict(older, newer, asked, query)


@pytest.mark.parametrize(("query", "older", "newer"), [
    # a place near the office is no work place
    ("Where does the user work?", "User works at Brenner Motion in Augsburg",
     "User and family found apartment in Göggingen, 12 minutes by bicycle to office"),
    # the sister's flat is not the user's home
    ("Where does the user live?", "User lives in Munich", "User's sister Aiko's apartment in Kyoto is tiny"),
    # the way to work is no workplace ("what is the user's job title?" asks the job)
    ("What is the user's job title?", "User works as chef de cuisine at Maison Brunet",
     "User goes to work on a Vespa électrique since July, 20 minutes"),
    ("Where does the user work?", "User works at Bakker transport", "User cycles to work along the Vecht now"),
    # a child's school is no workplace of the user's
    ("Where does the user work?", "User works at Bright Avenue Dental", "User's son Ethan is at Arroyo Vista school"),
    # the same vehicle said again, a brand that is no vehicle, someone else's car
    ("What car does the user drive?", "User drives a 2012 Toyota Corolla", "The Corolla needs new tyres"),
    ("What car does the user drive?", "User drives a 2012 Toyota Corolla", "User bought a Dyson for the car"),
    ("What car does the user drive?", "User drives a 2012 Toyota Corolla", "User's sister drives a Kia Picanto"),
    # a bike is no car
    ("What car does the user drive?", "Car = 2011 Corsa held together w tape",
     "Sams commute worse, User's better, 20 min on the bike now"),
    # another person opening the fact is not the husband
    ("Where does the user's husband Kenji work?", "User's husband Kenji is working as sushi chef in Maxvorstadt",
     "Hiro found job in a ramen bar near Königsplatz"),
])
def test_another_side_or_another_person_does_not_conflict(query, older, newer):
    asked = frozenset(w for w in query.lower().strip("?").replace("'s", "").split())
    assert not conflict(older, newer, asked, query)


def test_other_days_answer_a_question_for_days():
    # "which days ...?" asks for days, not for a place: the new days go first
    old = _hit("No. BJJ Mon/Wed 6am. No calls before 8 those days.", "2026-01-12T10:00:00Z", episode=True, score=0.6)
    new = _hit("BJJ: Tue/Thu 6am going forward", "2026-06-02T10:00:00Z", score=0.5)
    assert newer_first([old, new], "Which days does the user do BJJ?", 5)[0] is new
    # "where ...?" is still not answered by other days
    at = _hit("User works at St James's", "2026-01-12T10:00:00Z", score=0.6)
    days = _hit("User works Monday and Friday", "2026-06-02T10:00:00Z", score=0.5)
    assert newer_first([at, days], "Where does the user work?", 5)[0] is at


@pytest.mark.parametrize(("query", "older", "newer", "changed"), [
    # a diet by another word of diets
    ("What is the user's diet?", "User is vegetarian since eleven years", "Since two weeks User eats fish again", True),
    ("What is the user's diet?", "User is vegetarian", "User eats a lot of vegetarian curries", False),
    # pay by another figure
    ("What is the user's salary?", "Salary is 2300 net per month", "The money is better too: 2900 net", True),
    ("What is the user's salary?", "Salary is 2300 net per month", "The money is the same, 2300 net", False),
])
def test_a_diet_or_pay_said_in_other_words(query, older, newer, changed):
    asked = frozenset(w for w in query.lower().strip("?").replace("'s", "").split())
    assert conflict(older, newer, asked, query) is changed


def _rel(text: str, since: str, relevance: float) -> Hit:
    h = _hit(text, since, score=relevance)
    h.relevance = relevance
    return h


@pytest.mark.parametrize(("query", "older", "newer", "moves"), [
    # another count of the thing asked for, in words the question does not use
    ("How many chickens does the user keep?", "User keeps 200 layers", "User and family have 350 birds now", True),
    # another rate for a rate asked for
    ("How much does the user get paid per sheep?", "Shearing for McRae. $3.40 a head.", "$3.85 a head up here.",
     True),
    # a lump sum is no rate, a date is no count, the same figure is no change
    ("How much does the user get paid per sheep?", "Shearing for McRae. $3.40 a head.",
     "Cuz gave User 9k for the Hilux", False),
    ("How many chickens does the user keep?", "User keeps 200 layers", "User moved the coop on 2026-05-02", False),
    ("How many chickens does the user keep?", "User keeps 200 layers", "The 200 layers are laying well", False),
    # a figure said to be over is no answer for now
    ("How many chickens does the user keep?", "User keeps 200 layers", "User used to have 350 birds", False),
    # not a question for an amount
    ("What does the user keep?", "User keeps 200 layers", "User and family have 350 birds now", False),
])
def test_a_later_figure_of_the_same_kind_goes_first(query, older, newer, moves):
    old = _rel(older, "2026-01-08T07:00:00Z", 0.6)
    new = _rel(newer, "2026-05-14T07:00:00Z", 0.45)
    assert (newer_first([old, new], query, 5)[0] is new) is moves


def test_a_later_figure_far_less_relevant_stays_below():
    old = _rel("User keeps 200 layers", "2026-01-08T07:00:00Z", 0.6)
    new = _rel("User and family have 350 birds now", "2026-05-14T07:00:00Z", 0.3)
    assert newer_first([old, new], "How many chickens does the user keep?", 5)[0] is old


@pytest.mark.parametrize(("query", "older", "newer", "moves"), [
    # the thing named by a word of its own, which the question says otherwise
    ("What day does the user play five-a-side football?", "Fives is tuesdays, 6 quid a week",
     "Fives is thursdays at the Dome, tuesday never worked w kez's shifts", True),
    ("Which day does the user play bowls?", "User's Wednesday afternoons are given over to lawn bowls",
     "User is required at the green on Thursday afternoons", True),
    # a day added, not moved; a day of something else; a day that was
    ("What day does the user play five-a-side football?", "Fives is tuesdays", "Fives is on thursdays too", False),
    ("What day does the user play five-a-side football?", "Fives is tuesdays", "Choir is on thursdays", False),
    ("What day does the user play five-a-side football?", "Fives is tuesdays", "Fives used to be on thursdays", False),
    # not a question for the day
    ("Where does the user play five-a-side football?", "Fives is tuesdays at the Dome",
     "Fives is thursdays at the Dome", False),
])
def test_a_thing_moved_to_another_day_goes_first(query, older, newer, moves):
    old = _rel(older, "2026-01-08T07:00:00Z", 0.6)
    new = _rel(newer, "2026-05-14T07:00:00Z", 0.45)
    assert (newer_first([old, new], query, 5)[0] is new) is moves


@pytest.mark.parametrize(("text", "who"), [
    ("Marcus is a welder in Leeds now", ["Marcus"]),
    ("User's sister Jo lives in Leeds", ["Jo"]),
    # a pronoun or a determiner opening a fact is nobody
    ("It is a Heineken 0.0 in the village of a Friday", None),
    ("This is User's third winter on the farm", None),
    ("User lives in Leeds", None),
])
def test_who_a_fact_is_about(text, who):
    from memcli.subjects import someone_else
    assert someone_else(text) == who


@pytest.mark.parametrize(("query", "later"), [
    # a place asked: a later date on the same thing is no other place
    ("Where does the user park the food truck?", "Health inspector comes on 2025-04-17, truck has to be spotless"),
    # the hours asked: a date is no hour
    ("What hours is the truck open?", "Health inspector comes on 2025-04-17, truck has to be spotless"),
    # an amount asked: a name is no amount
    ("How much does the user pay for the truck's pitch?", "The truck got a new wrap from Rosa's Signs"),
])
def test_a_later_value_of_another_kind_than_asked_stays_below(query, later):
    old = _hit("The truck parks on Broadway by the Pearl, open 11 to 3, $400 a month for the pitch",
               "2025-03-03T10:00:00Z", score=0.6)
    new = _hit(later, "2025-04-14T10:00:00Z", score=0.4)
    assert [h.memory.text for h in newer_first([old, new], query, 5)] == [old.memory.text, later]


@pytest.mark.parametrize(("query", "later"), [
    ("Where does the user park the food truck?", "The truck is on the lot on South Flores by Blue Star"),
    ("What hours is the truck open?", "The truck is open 5 to 11 since the heat"),
])
def test_a_later_value_of_the_kind_asked_goes_up(query, later):
    old = _hit("The truck parks on Broadway by the Pearl, open 11 to 3", "2025-03-03T10:00:00Z", score=0.6)
    new = _hit(later, "2025-07-22T10:00:00Z", score=0.4)
    assert [h.memory.text for h in newer_first([old, new], query, 5)][0] == later


def test_a_name_that_opens_the_later_statement_is_another_answer_to_who():
    old = _hit("mirko does the pixel art, freelance, he's a legend", "2026-01-08T10:00:00Z", score=0.5)
    new = _hit("Yasemin does all the art since February, mirko went off to a studio in montreal",
               "2026-04-15T10:00:00Z", score=0.37)
    assert newer_first([old, new], "Who does the art for the user's game?", 5)[0] is new


@pytest.mark.parametrize(("later", "moves"), [
    # the new home typed in lower case, after "in"
    ("User and family finally got the keys to the condo down at marina bay in quincy, 2 bedroom", True),
    # "in" a word that is no place
    ("User and family finally got the keys to the condo, in at last", False),
])
def test_a_later_home_typed_in_lower_case_goes_above_the_older_home(later, moves):
    old = _hit("User lives in dorchester Adams Village same triple decker User grew up in", "2025-02-18T10:00:00Z",
               score=0.65)
    new = _keyed(later, "2025-06-19T10:00:00Z", "home_city", 0.58)
    assert (newer_first([old, new], "Where does the user live now?", 5)[0] is new) is moves


@pytest.mark.parametrize(("older", "newer", "query"), [
    # work told by an occupation, then by an offer: no word of "work" in either
    ("User's boyfriend Kerem, architect at a firm in Levent, Istanbul",
     "User's boyfriend Kerem got an offer from a studio in Berlin", "Where does Kerem work?"),
    ("User's husband Chen Wei is engineer at TSMC in Hsinchu", "User's husband Chen Wei was hired by MediaTek",
     "Where does the user's husband work?"),
])
def test_an_occupation_and_an_offer_tell_of_work(older, newer, query):
    hits = [_hit(older, "2025-01-08T02:21:08Z", score=0.6), _hit(newer, "2025-03-19T14:36:25Z", score=0.55)]
    assert [h.memory.text for h in newer_first(hits, query, 5)] == [newer, older]


def test_an_occupation_of_someone_else_tells_nothing_of_theirs():
    older, newer = "User's boyfriend Kerem, architect at a firm in Levent", "User's sister Selin got an offer from Koç"
    hits = [_hit(older, "2025-01-08T02:21:08Z", score=0.6), _hit(newer, "2025-03-19T14:36:25Z", score=0.55)]
    assert newer_first(hits, "Where does Kerem work?", 5) == hits


def test_the_fiance_he_was_is_the_husband_asked_about(real_embedder, tmp_path):
    """"Where does the user's husband work?" finds what was said of him as her fiancé."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:k", [
        Message(role="user", content="My fiancé Otieno is a civil engineer with the county government.",
                ts="2024-03-11T16:00:00Z", ref="a"),
        Message(role="user", content="I work as an agronomist with Kilimo Seeds, mostly maize field trials.",
                ts="2024-03-11T16:05:00Z", ref="b"),
        Message(role="user", content="Otieno got an offer from KeNHA in Nairobi, he starts in March.",
                ts="2025-01-30T14:45:00Z", ref="c"),
        Message(role="user", content="We got married in December!", ts="2025-01-30T14:50:00Z", ref="d"),
    ], source="s1")
    top = [h.memory.text for h in recall(store, "user:k", "Where does the user's husband work?", k=3).hits]
    assert top and "KeNHA" in top[0], top
    store.close()


def test_a_measure_taken_again_asked_in_the_past_tense_gives_the_last():
    """"What was the user's PRT run time?": 12:45, then 11:58, then 11:31 (events of a
    series, asked with "was"): the last first, and nothing else moves."""
    hits = [_hit("PRT 1.5 mile run last cycle: 12:45", "2025-02-10T23:25:30Z", kind="episodic", score=0.62),
            _hit("Mock PRT this AM: 11:58 on the run", "2025-04-02T17:46:27Z", kind="episodic", score=0.59),
            _hit("Yard, garage, kids run around till 2100", "2025-07-15T22:10:00Z", score=0.29),
            _hit("Official fall PRT on 2025-10-25: 11:31 on the run", "2025-10-20T14:25:00Z", kind="episodic",
                 score=0.47)]
    got = [h.memory.text[:20] for h in newer_first(hits, "What was the user's PRT run time?", 5)]
    assert got[0].startswith("Official fall PRT") and got.index("Yard, garage, kids r") == 3, got
    # a question with a date asks for that one: left as ranked
    assert newer_first(hits, "What was the user's PRT run time in 2025-02?", 5) == hits


def test_a_relatives_news_said_with_their_name_and_s_is_theirs_to_compare():
    q = "Where does the user's wife Huimin work?"
    older = "User's wife Huimin is a nurse at Tan Tock Seng, shift work"
    newer = "User's wife Huimin's polyclinic in Bukit Batok only 10 min by bus from User's place"
    from memcli.claims import parse
    assert conflict(older, newer, frozenset(parse(q).words), q)


def test_a_count_in_words_is_a_figure_of_the_same_kind():
    from memcli.recall.newer import _amounts

    assert _amounts("User drinks five bicas every day") == ("count", frozenset({"5"}))
    assert _amounts("Only two bicas per day") == ("count", frozenset({"2"}))


@pytest.mark.parametrize(("older", "newer"), [
    ("User's bf marcus is at purdue so weekends r facetime dates lmao", "User's partner is Daniel"),
    ("User broke up with their partner Daniel in October 2024", "User's partner is Minho"),
])
def test_the_partner_now_goes_above_the_one_before(older, newer):
    hits = [_hit(older, "2026-01-21T10:00:00Z", kind="profile", score=0.6),
            _hit(newer, "2026-04-29T10:00:00Z", kind="profile", score=0.35)]
    assert [h.memory.text for h in newer_first(hits, "Who is the user dating?", 5)][0] == newer


def test_a_relatives_partner_is_not_the_users():
    hits = [_hit("User's partner is Daniel", "2026-01-21T10:00:00Z", kind="profile", score=0.6),
            _hit("User's sister Amy's boyfriend is Joe", "2026-04-29T10:00:00Z", kind="profile", score=0.5)]
    assert [h.memory.text for h in newer_first(hits, "Who is the user dating?", 5)][0] == "User's partner is Daniel"


def test_a_school_by_another_name_of_a_relative_named_in_a_list_goes_above():
    old = _hit("User's kids: son Kevin 17, senior at Elsik High School, very smart", "2025-03-04T15:54:11Z", score=0.68)
    sister = _hit("User's daughter Vy 12, 7th grade at O'Donnell Middle School", "2025-03-04T15:54:11Z", score=0.54)
    new = _hit("Kevin live in dorm at University of Houston, Cougar Village", "2025-09-16T16:43:55Z", score=0.38)
    out = newer_first([old, sister, new], "Where does the user's son go to school?", 12)
    assert out.index(new) < out.index(old)
    # another child's school is no later school of Kevin's
    vy = _hit("Vy is at Lamar High now", "2025-09-16T16:43:55Z", score=0.38)
    assert newer_first([old, vy], "Where does the user's son go to school?", 12) == [old, vy]


@pytest.mark.parametrize(("newer", "moves"), [
    ("Buenos Aires is User's favourite now, steaks + tango + 3 day layover", True),
    ("User's fave these days is Lisbon", True),
    ("User's favourite band is Muse", False),  # another favourite thing
    ("User flew to Buenos Aires for the weekend", False),  # no favourite said
])
def test_a_favourite_said_again_with_another_value(newer, moves):
    old = "User's favourite route is Singapore"
    hits = [_hit(old, "2025-01-08T16:30:00Z", score=0.7), _hit(newer, "2025-06-02T09:34:00Z", score=0.3)]
    out = newer_first(hits, "What is the user's favourite route?", 5)
    assert (out[0].memory.text == newer) is moves


def test_a_relative_named_as_someone_elses_kin_is_the_same_one():
    old = _hit("Jose's daughter Riya is 12, studying in Choice School", "2025-01-13T04:49:50Z", score=0.7)
    new = _hit("Riya has joined Rajagiri Public School this June, 7th standard", "2025-06-09T05:17:43Z", score=0.57)
    out = newer_first([old, new], "Which school does the user's granddaughter Riya attend?", 5)
    assert out[0] is new
    other = _hit("Tom has joined Rajagiri Public School this June", "2025-06-09T05:17:43Z", score=0.57)
    assert newer_first([old, other], "Which school does the user's granddaughter Riya attend?", 5)[0] is old


@pytest.mark.parametrize(("old", "new", "query", "moves"), [
    ("User's rent is 85k/yr, 2 cheques", "User's 2br near the cricket stadium, 98k/yr, 4 cheques",
     "How much rent does the user pay?", True),
    ("User's day rate is AED 2,400", "Senior backend, 12mo contract, AED 2,750/day", "What is the user's day rate?", True),
    ("User's rent is $1,200 a month", "The phone bill is $45 a month", "How much rent does the user pay?", False),  # another cost
    ("User's rent is $1,200 a month", "User's sister Ana pays $980 a month", "How much rent does the user pay?", False),
    ("User's rent is 85k/yr", "Bonus was 20k this year", "How much rent does the user pay?", False),  # no time paid for
])
def test_a_sum_paid_for_the_same_time_said_again_later(old, new, query, moves):
    a = _hit(old, "2025-01-20T00:00:00Z", score=0.85)
    a.memory.key = "day_rate" if "day rate" in old else "rent"
    a.relevance = 0.85
    b = _hit(new, "2025-09-09T00:00:00Z", score=0.3)
    b.relevance = 0.3
    assert (newer_first([a, b], query, 5)[0] is b) is moves


def test_the_turn_of_a_later_result_goes_above_the_measure_asked():
    old = _hit("User's 10k time is 58 minutes", "2025-02-18T00:00:00Z", kind="profile", score=0.79)
    turn = _hit("I did the Dublin race in the Phoenix Park, 10k in 52 minutes!! My best time ever.",
                "2025-12-09T00:00:00Z", kind="episodic", episode=True, score=0.44)
    fact = Memory(id="f", scope="user:t", kind="semantic", text="User did the Dublin race, 10k in 52 minutes",
                  valid_from="2025-12-09T00:00:00Z")
    assert newer_first([old, turn], "What is the user's 10k running time?", 5, {turn.memory.id: [fact]})[0] is turn
    # no figure of the same kind: the measure stays first
    other = Memory(id="g", scope="user:t", kind="semantic", text="User did the Dublin race with Aoife",
                   valid_from="2025-12-09T00:00:00Z")
    assert newer_first([old, turn], "What is the user's 10k running time?", 5, {turn.memory.id: [other]})[0] is old


# -- a later turn that tells it of someone else ----------------------------------------------
@pytest.mark.parametrize(("first", "later", "query", "answer"), [
    ("yes important: allergic to peanuts. serious one, epipen in my bag always.",
     "3rd date with amara yesterday. she's a data scientist, from enugu. she's allergic to shellfish so i'm "
     "cooking jollof for her next week, no prawns.", "What is the user allergic to?", "peanuts"),
    ("girlfriend's shannon, works in the boots. our dog bailey's a lazy staffie, sleeps 20 hours a day.",
     "shannon's dog luna ate me good trainers. a german shepherd pup, absolute menace.",
     "What is the name of the user's dog?", "bailey"),
])
def test_a_later_turn_about_someone_else_stays_below_the_users_own(real_embedder, tmp_path, first, later, query,
                                                                  answer):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for i, (text, ts) in enumerate([(first, "2025-01-12T19:00:00Z"), (later, "2025-10-05T17:00:00Z")]):
        ingest(store, "user:a", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"m{i}")
    hits = recall(store, "user:a", query, k=3, touch=False).hits
    assert answer in hits[0].memory.text.lower()


def test_a_name_the_question_writes_is_no_topic_though_the_facts_type_it_in_lower_case():
    """"On what date do Arjun's parents land?": a later date of arjun's wedding is no other
    landing; a later landing of his parents is."""
    query = "On what date do Arjun's parents land in Sydney?"
    asked = frozenset({"arjun", "parent", "land", "sydney"})
    older = "arjun's amma nanna are landing in syd on 2025-04-18 (Friday) for 3 weeks"
    assert not conflict(older, "pandit said december is not good for arjun's jatakam, best muhurtham is on 2026-02-06",
                        asked, query)
    assert conflict(older, "arjun's amma nanna are landing in syd on 2025-05-02 (Friday) instead", asked, query)
