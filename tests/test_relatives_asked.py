"""Questions about the user's people answered from what was said of them by name, and
later turns about someone else kept under the user's own answer: "which schools do the
user's sons attend?" is asked of each son by name; "rohit came up ... he's allergic"
never outranks "User is allergic to cashews"; a trip to the mechanic is no job."""

from memcli.api import MemoryStore
from memcli.ingest import Message, ingest
from memcli.models import Hit, Memory
from memcli.recall import recall
from memcli.recall.hop import _norm, people_asked
from memcli.recall.newer import conflict, told_of_another


def _add(store: MemoryStore, scope: str, *texts: str) -> None:
    for t in texts:
        store.add(scope, t)


def test_a_question_about_several_relatives_is_asked_of_each_by_name(db_path, real_embedder):
    store = MemoryStore(db_path, real_embedder)
    _add(store, "user:s", "User's sons are Abdullahi, who is fifteen, and Yusuf, who is nine",
         "User's wife Sahra works as a Somali interpreter for Minneapolis Public Schools",
         "User's wife Sahra is happier than in all her years interpreting in the schools",
         "Abdullahi has started at Park Center Senior High, in tenth grade",
         "Yusuf is in fourth grade at Zanewood Elementary, where his teacher says he talks too much",
         "User drives a Toyota Sienna", "User volunteers at the mosque on Fridays")
    assert people_asked(store, "user:s", "Which schools do the user's sons attend?") == \
        ("the user's sons", ["Abdullahi", "Yusuf"])
    top = [h.memory.text for h in recall(store, "user:s", "Which schools do the user's sons attend?", k=5).hits]
    assert any("Park Center" in t for t in top) and any("Zanewood" in t for t in top)


def test_one_relative_or_none_named_asks_nothing_again(store):
    _add(store, "user:o", "User's son Callum is at Leith Academy", "User's kids are at Leeds Grammar")
    assert people_asked(store, "user:o", "Where do the user's sons go to school?") is None
    assert people_asked(store, "user:o", "Where do the user's kids go to school?") is None  # a school's name is no kid
    assert people_asked(store, "user:o", "Where does the user's son go to school?") is None


def test_a_parent_by_the_word_of_another_language_is_the_parent():
    assert _norm("mamá") == _norm("mother") == "mum"
    assert _norm("papá") == _norm("dad") == "father"
    assert _norm("boy") == "son"


def test_a_trade_of_someone_the_user_went_to_is_no_work_of_theirs():
    q = "What is the user's job?"
    assert not conflict("User works at Mowi in a centro near Calbuco",
                        "The Terrano go to a mechanic for parts, pobrecito, 18 years of service", frozenset({"job"}), q)
    # a trade said of the subject still is
    assert conflict("User works at Mowi in a centro near Calbuco", "User is a mechanic at Kaufmann in Osorno",
                    frozenset({"job"}), q)


def _mem(text: str, ts: str, episode: bool = False) -> Memory:
    return Memory(id=text[:6].replace(" ", "_"), scope="user:a", text=text, kind="episodic" if episode else "semantic",
                  valid_from=ts, episode=episode)


def test_a_turn_told_of_someone_else_is_no_later_word_on_the_users_own():
    a = Hit(_mem("User is allergic to cashews", "2025-03-02T01:00:00Z"), 0.6)
    turn = _mem("rohit came up for the long weekend, had to check every dish for prawns bc he's allergic",
                "2025-05-18T03:53:15Z", episode=True)
    theirs = _mem("User's boyfriend Rohit came up for the long weekend, had to check every dish for prawns bc he is "
                  "allergic", "2025-05-18T03:53:15Z")
    mine = _mem("User had to check every dish for prawns, User is allergic", "2025-05-18T03:53:15Z")
    q = "What food is the user allergic to?"
    assert told_of_another(a.memory.text, turn, {turn.id: [theirs]}, q)
    assert not told_of_another(a.memory.text, turn, {turn.id: [mine]}, q)
    assert not told_of_another(a.memory.text, turn, {}, q)
    # a question of someone else's, or an older statement not the user's own: no telling apart
    assert not told_of_another(a.memory.text, turn, {turn.id: [theirs]}, "Who is the user's boyfriend?")
    assert not told_of_another("Curling is thursday nights in town", turn, {turn.id: [theirs]}, q)


def test_the_users_allergy_stays_first_over_a_later_turn_about_their_boyfriends(db_path, real_embedder):
    store = MemoryStore(db_path, real_embedder)
    said = [("hiii im sravani, icu nurse at westmead. my boyfriend rohit is in melbourne, data engineer at REA",
             "2025-03-02T01:10:00Z"),
            ("oh and save this pls: im allergic to cashews 🥲 telugu food without jeedipappu is a crime",
             "2025-03-02T01:20:00Z"),
            ("rohit came up for the long weekend, took him to the telugu place in parramatta, had to check every dish "
             "for prawns bc he's allergic, one bite and he's swelling like a balloon", "2025-05-18T03:53:15Z")]
    for i, (text, ts) in enumerate(said):
        ingest(store, "user:a", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"m{i}")
    top = recall(store, "user:a", "What food is the user allergic to?", k=3).hits
    assert "cashews" in top[0].memory.text


def test_a_business_of_ones_own_answers_what_a_relative_does(db_path, real_embedder):
    store = MemoryStore(db_path, real_embedder)
    _add(store, "user:m", "User's younger brother Mohamed is a long-haul truck driver based in Columbus, Ohio",
         "User's brother Mohamed calls them from truck stops in Nebraska at two in the morning to discuss politics",
         "User's brother Mohamed sends them photographs of his sambusa every evening",
         "User's brother Mohamed has opened his restaurant at last, Xamar Kitchen, on the west side of Columbus",
         "User's brother Mohamed loves the Timberwolves")
    top = [h.memory.text for h in recall(store, "user:m", "What does the user's brother Mohamed do for a living?", k=3).hits]
    assert any("Xamar Kitchen" in t for t in top)


def test_a_parent_named_by_the_word_of_another_language_is_known():
    from datetime import datetime

    from memcli.extract import extract_facts, known_people
    facts = extract_facts("My mamá Rosa make the best curanto of the world.", datetime(2024, 9, 22)).facts
    assert known_people([f.text for f in facts]) == {"Rosa": "mamá"}
    assert _norm("mamá") == "mum"
