import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memcli.cli import app
from memcli.models import Hit, Memory
from memcli.recall import RecallConfig, in_span, keyword_query, query_names, query_span, recall
from memcli.render import count_tokens, prompt_block

NOW = "2026-06-01T00:00:00Z"
# Relevance only from the keyword side: the fake embedder's similarities are not what these tests rank by.
KW_ONLY = dict(w_keyword=1.0, w_entity=0.0, w_neighbour=0.0)


def _mem(store, scope, text, *, importance=0.5, valid_from="2026-05-01T00:00:00Z", kind="semantic", **kw):
    m = Memory(id="", scope=scope, kind=kind, text=text, importance=importance, valid_from=valid_from, **kw)
    return store.insert(m)


def test_recency_and_importance_change_the_order_as_weighted(store):
    old = _mem(store, "user:a", "User likes green tea", valid_from="2025-06-01T00:00:00Z", importance=0.9)
    new = _mem(store, "user:a", "User likes green tea a lot", valid_from="2026-05-31T00:00:00Z", importance=0.1)
    q = "green tea"
    recent = RecallConfig.of(w_relevance=0.1, w_recency=0.9, w_importance=0.0, **KW_ONLY)
    important = RecallConfig.of(w_relevance=0.1, w_recency=0.0, w_importance=0.9, **KW_ONLY)
    r1 = recall(store, "user:a", q, config=recent, touch=False, now=NOW)
    r2 = recall(store, "user:a", q, config=important, touch=False, now=NOW)
    assert [h.memory.id for h in r1.hits] == [new.id, old.id]
    assert [h.memory.id for h in r2.hits] == [old.id, new.id]
    h = r1.hits[0]
    for part in (h.keyword, h.vector, h.relevance, h.recency, h.importance):
        assert 0.0 <= part <= 1.0
    assert h.score == pytest.approx(0.1 * h.relevance + 0.9 * h.recency)


def test_half_life_sets_recency(store):
    _mem(store, "user:a", "User plays chess", valid_from="2026-05-02T00:00:00Z")
    hit = recall(store, "user:a", "chess", config=RecallConfig.of(half_life_days=30), touch=False, now=NOW).hits[0]
    assert hit.recency == pytest.approx(0.5, abs=0.01)


def test_relevance_beats_an_unrelated_memory(store):
    _mem(store, "user:a", "User is allergic to peanuts")
    _mem(store, "user:a", "User drives a blue car")
    res = recall(store, "user:a", "what is the user allergic to?", touch=False, now=NOW)
    assert res.hits[0].memory.text == "User is allergic to peanuts"


def test_rehearsal_updates_access_and_stability(store):
    m = _mem(store, "user:a", "User is allergic to peanuts")
    recall(store, "user:a", "peanuts", now=NOW)
    after = store.get("user:a", m.id)
    assert after.access_count == 1 and after.last_accessed == NOW and after.stability > m.stability
    recall(store, "user:a", "peanuts", now=NOW)
    again = store.get("user:a", m.id)
    assert again.access_count == 2 and again.stability > after.stability
    recall(store, "user:a", "peanuts", touch=False, now=NOW)
    assert store.get("user:a", m.id).access_count == 2


def test_as_of_boundaries(store):
    old = _mem(store, "user:a", "User lives in Pune", kind="profile", key="home_city",
               valid_from="2026-01-01T00:00:00Z")
    store.retire("user:a", old.id, reason="superseded", valid_until="2026-03-01T00:00:00Z")
    new = _mem(store, "user:a", "User lives in Mumbai", kind="profile", key="home_city",
               valid_from="2026-03-01T00:00:00Z", replaces=old.id)

    def ids(t):
        return [h.memory.id for h in recall(store, "user:a", "where does the user live", as_of=t, touch=False).hits]

    assert ids("2025-12-31T23:59:59Z") == []
    assert ids("2026-01-01T00:00:00Z") == [old.id]  # valid_from <= t
    assert ids("2026-02-28T23:59:59Z") == [old.id]
    assert ids("2026-03-01T00:00:00Z") == [new.id]  # t < valid_until
    active = recall(store, "user:a", "where does the user live", touch=False)
    assert [h.memory.id for h in active.hits] == [new.id]
    both = recall(store, "user:a", "where does the user live", include_inactive=True, touch=False)
    assert {h.memory.id for h in both.hits} == {old.id, new.id}
    assert [h.memory.active for h in both.hits if h.memory.id == old.id] == [False]


def test_as_of_does_not_touch_with_the_past(store):
    m = _mem(store, "user:a", "User lives in Pune", valid_from="2026-01-01T00:00:00Z")
    recall(store, "user:a", "Pune", as_of="2026-02-01T00:00:00Z")
    assert store.get("user:a", m.id).last_accessed > "2026-02-01T00:00:00Z"


def test_scope_isolation_in_both_indexes(store):
    _mem(store, "user:a", "User is allergic to peanuts")
    _mem(store, "user:b", "User drives a blue car")
    res = recall(store, "user:b", "peanuts allergic", touch=False, now=NOW)
    assert all(h.memory.scope == "user:b" for h in res.hits)
    assert "peanuts" not in " ".join(h.memory.text for h in res.hits)
    assert store.search_keyword("user:b", "peanuts") == []
    vec = store.search_vector("user:b", store.embed_query("User is allergic to peanuts"), k=10)
    assert len(vec) == 1 and store.by_rowids("user:b", [r for r, _ in vec])
    # Neighbour expansion never crosses into another scope either.
    res = recall(store, "user:b", "blue car", touch=False, now=NOW,
                 config=RecallConfig.of(w_neighbour=0.9, neighbour_window=3))
    assert {h.memory.scope for h in res.hits} == {"user:b"}


@pytest.mark.parametrize("query", ['"unbalanced', "AND OR", "NOT", "a* OR (", "NEAR(x y", "'; DROP TABLE memories; --", "???"])
def test_fts_query_quoting(store, query):
    _mem(store, "user:a", "User is allergic to peanuts")
    res = recall(store, "user:a", query, touch=False, now=NOW)
    assert isinstance(res.hits, list)


def test_raw_query_errors_are_input_errors(store):
    from memcli.errors import InputError

    _mem(store, "user:a", "User is allergic to peanuts")
    with pytest.raises(InputError):
        recall(store, "user:a", '"unbalanced', raw_query=True, touch=False)


def test_keyword_query_drops_question_words():
    assert keyword_query("When did Caroline go to the LGBTQ support group?", True) == "caroline go lgbtq support group"
    assert keyword_query("what is it?", True) == "what is it"  # nothing left: keep the words


def test_query_names():
    assert query_names("What did Caroline's sister tell James in Paris?") == ["caroline", "james", "paris"]
    assert query_names("When did the user move?") == []


def test_name_boost_prefers_the_named_subject(store):
    _mem(store, "user:a", "Melanie: I ran a charity race for mental health")
    target = _mem(store, "user:a", "Caroline: I ran a charity race last weekend")
    res = recall(store, "user:a", "When did Caroline run a charity race?", touch=False, now=NOW,
                 config=RecallConfig.of(w_neighbour=0.0, w_recency=0.0, w_importance=0.0, w_relevance=1.0))
    assert res.hits[0].memory.id == target.id
    trap = recall(store, "user:a", "When did Melanie run a marathon in Peru?", touch=False, now=NOW)
    assert trap.confidence <= res.confidence


def test_neighbours_share_relevance(store):
    q = _mem(store, "user:a", "Caroline: what did you paint last week?", kind="episodic")
    a = _mem(store, "user:a", "Melanie: a sunset over the lake", kind="episodic")
    _mem(store, "user:a", "Caroline: my dog is sick", kind="episodic")
    cfg = RecallConfig.of(w_neighbour=0.5, w_recency=0.0, w_importance=0.0, w_relevance=1.0, w_entity=0.0)
    res = recall(store, "user:a", "paint", touch=False, now=NOW, config=cfg, k=2)
    assert [h.memory.id for h in res.hits] == [q.id, a.id]


FILLERS = ["the weather is grey", "I baked bread", "work was long", "my car broke down", "the train was late",
           "we watched a film"]


def _fill(store, scope="user:a"):
    # enough unrelated turns that bm25 sees the test's words as rare
    for i, filler in enumerate(FILLERS):
        _mem(store, scope, f"{'Caroline' if i % 2 else 'Melanie'}: {filler}", kind="episodic")


def test_an_answer_outranks_the_question_it_answers(store):
    # The question shares the query's topic word; the answer does not.
    _fill(store)
    _mem(store, "user:a", "Caroline: nice! what job do you have?", kind="episodic")
    answer = _mem(store, "user:a", "Melanie: nurse at the children's hospital, nights mostly", kind="episodic")
    _mem(store, "user:a", "Caroline: my job is traffic", kind="episodic")
    _mem(store, "user:a", "Melanie: rainy day today", kind="episodic")
    cfg = dict(w_recency=0.0, w_importance=0.0, w_relevance=1.0, w_entity=0.0, w_keyword=1.0, w_when=0.0, w_date=0.0)
    flat = recall(store, "user:a", "What job does Melanie have?", touch=False, now=NOW,
                  config=RecallConfig.of(w_answer=0.4, w_neighbour=0.4, **cfg))
    answered = recall(store, "user:a", "What job does Melanie have?", touch=False, now=NOW,
                      config=RecallConfig.of(w_answer=0.8, w_neighbour=0.4, **cfg))
    rank = lambda res: [h.memory.id for h in res.hits].index(answer.id)  # noqa: E731
    assert rank(answered) < rank(flat)
    assert all(0.0 <= h.relevance <= 1.0 for h in answered.hits)
    hit = answered.hits[rank(answered)]
    assert hit.context > 0.0 and hit.to_dict()["breakdown"]["context"] == round(hit.context, 4)


@pytest.mark.parametrize("w_when", [0.0, 0.3])
def test_when_questions_prefer_memories_that_say_when(store, w_when):
    _fill(store)
    undated = _mem(store, "user:a", "Caroline: the adoption meeting was so inspiring", kind="episodic")
    dated = _mem(store, "user:a", "Caroline: last Friday I went to an adoption meeting", kind="episodic")
    cfg = dict(w_recency=0.0, w_importance=0.0, w_relevance=1.0, w_entity=0.0, w_neighbour=0.0, w_keyword=1.0)
    q = "When did Caroline go to the adoption meeting?"
    res = recall(store, "user:a", q, touch=False, now=NOW, config=RecallConfig.of(w_when=w_when, **cfg))
    assert res.hits[0].memory.id == (dated.id if w_when else undated.id)
    assert {h.memory.id: h.boost for h in res.hits}[dated.id] == pytest.approx(w_when)
    # a question that is not about time gets no such boost
    what = "What adoption meeting did Caroline go to?"
    boosted = recall(store, "user:a", what, touch=False, now=NOW, config=RecallConfig.of(w_when=0.3, **cfg))
    plain = recall(store, "user:a", what, touch=False, now=NOW, config=RecallConfig.of(w_when=0.0, **cfg))
    assert [(h.memory.id, h.relevance) for h in boosted.hits] == [(h.memory.id, h.relevance) for h in plain.hits]


def test_query_span():
    assert query_span("What did Melanie paint on October 13, 2023?") == ("2023-10-13", "2023-10-20")
    assert query_span("What did she do on 3 May 2024") == ("2024-05-03", "2024-05-10")
    assert query_span("When did Melanie go camping in June?") == ("06-01", "07-07")
    assert query_span("trips in December 2023") == ("2023-12-01", "2023-12-31")
    assert query_span("What did she do on October 13?") == ("10-13", "10-20")
    assert query_span("what may happen next") is None
    assert query_span("May I ask where the user lives?") is None
    assert query_span("May 3, 2024: what happened?") == ("2024-05-03", "2024-05-10")
    assert query_span("where does the user live") is None


def test_in_span():
    june = query_span("When did the user move in June?")
    assert in_span("2023-06-27T10:00:00Z", june) and in_span("2026-07-03T00:00:00Z", june)
    assert not in_span("2026-11-30T15:00:00Z", june) and not in_span("2023-05-31T23:00:00Z", june)
    assert not in_span(None, june)
    oct13 = query_span("on 13 October 2023")
    assert in_span("2023-10-13T18:00:00Z", oct13) and in_span("2023-10-20T00:00:00Z", oct13)
    assert not in_span("2024-10-13T18:00:00Z", oct13) and not in_span("2023-10-21T00:00:00Z", oct13)


@pytest.mark.parametrize("w_date", [0.0, 0.3])
def test_a_named_month_prefers_memories_from_then_in_any_year(store, w_date):
    _fill(store)
    other = _mem(store, "user:a", "User went camping at the lake", valid_from="2026-11-02T00:00:00Z", kind="episodic")
    then = _mem(store, "user:a", "User went camping at the lake again", valid_from="2026-06-20T00:00:00Z",
                kind="episodic")
    cfg = RecallConfig.of(w_recency=0.0, w_importance=0.0, w_relevance=1.0, w_neighbour=0.0, w_entity=0.0,
                       w_keyword=1.0, w_when=0.0, w_date=w_date)
    res = recall(store, "user:a", "Where did the user go camping in June?", touch=False, now=NOW, config=cfg)
    assert res.hits[0].memory.id == (then.id if w_date else other.id)


@pytest.mark.parametrize("w_date", [0.0, 0.3])
def test_a_named_date_prefers_memories_from_then(store, w_date):
    _fill(store)
    other = _mem(store, "user:a", "Melanie: let me show you my painting", valid_from="2023-08-01T00:00:00Z",
                 kind="episodic")
    then = _mem(store, "user:a", "Melanie: let me show you my new painting", valid_from="2023-10-13T00:00:00Z",
                kind="episodic")
    cfg = RecallConfig.of(w_recency=0.0, w_importance=0.0, w_relevance=1.0, w_neighbour=0.0, w_entity=0.0,
                       w_keyword=1.0, w_date=w_date)
    res = recall(store, "user:a", "What painting did Melanie show on October 13, 2023?", touch=False, now=NOW,
                 config=cfg)
    assert res.hits[0].memory.id == (then.id if w_date else other.id)


def test_a_question_the_named_person_asked_is_no_evidence(store):
    # Caroline told about the necklace; Melanie only asked about it.
    _fill(store)
    _mem(store, "user:a", "Melanie: love the necklace, any special meaning to it?", kind="episodic")
    _mem(store, "user:a", "Caroline: this necklace is a gift from my grandma, it stands for love", kind="episodic")
    told = recall(store, "user:a", "What does Caroline's necklace symbolize?", touch=False, now=NOW)
    asked = recall(store, "user:a", "What does Melanie's necklace symbolize?", touch=False, now=NOW)
    assert asked.confidence < told.confidence
    assert asked.abstain and not told.abstain
    naive = RecallConfig.of(confidence_statements=False)
    asked_naive = recall(store, "user:a", "What does Melanie's necklace symbolize?", touch=False, now=NOW, config=naive)
    assert asked_naive.confidence > asked.confidence


def test_the_same_speaker_two_turns_on_shares_relevance(store):
    _fill(store)
    _mem(store, "user:a", "Melanie: I ran a charity race last sunday", kind="episodic")
    _mem(store, "user:a", "Caroline: that is great", kind="episodic")
    cont = _mem(store, "user:a", "Melanie: it made me see that looking after myself matters", kind="episodic")
    q = "What did Melanie learn from the charity race?"
    on = recall(store, "user:a", q, touch=False, now=NOW, k=20, config=RecallConfig.of(w_same_speaker=0.3))
    off = recall(store, "user:a", q, touch=False, now=NOW, k=20, config=RecallConfig.of(w_same_speaker=0.0))
    ctx_on = {h.memory.id: h.context for h in on.hits}
    ctx_off = {h.memory.id: h.context for h in off.hits}
    assert ctx_on[cont.id] > ctx_off.get(cont.id, 0.0)
    rel = lambda res: {h.memory.id: h.relevance for h in res.hits}[cont.id]  # noqa: E731
    assert rel(on) > rel(off)


def test_neighbours_are_turns_of_the_same_day(store):
    _fill(store)
    q = _mem(store, "user:a", "Caroline: what did you paint?", kind="episodic", valid_from="2026-05-01T10:00:00Z")
    same = _mem(store, "user:a", "Melanie: a sunset over the lake", kind="episodic", valid_from="2026-05-01T10:01:00Z")
    later = _mem(store, "user:a", "Melanie: my car broke again", kind="episodic", valid_from="2026-05-09T08:00:00Z")
    res = recall(store, "user:a", "paint", touch=False, now=NOW, k=20)
    ctx = {h.memory.id: h.context for h in res.hits}
    assert ctx[same.id] > 0.0
    assert ctx.get(later.id, 0.0) == 0.0  # next in the file, but another day's talk
    anyday = recall(store, "user:a", "paint", touch=False, now=NOW, k=20,
                    config=RecallConfig.of(neighbour_same_day=False))
    assert {h.memory.id: h.context for h in anyday.hits}[later.id] > 0.0
    assert q.id in ctx


def test_filters(store):
    _mem(store, "user:a", "User likes tea", kind="semantic", valid_from="2026-01-01T00:00:00Z")
    _mem(store, "user:a", "User drank tea at the airport", kind="episodic", valid_from="2026-04-01T00:00:00Z")
    r = recall(store, "user:a", "tea", kind="episodic", touch=False)
    assert [h.memory.kind for h in r.hits] == ["episodic"]
    r = recall(store, "user:a", "tea", since="2026-03-01T00:00:00Z", touch=False)
    assert [h.memory.text for h in r.hits] == ["User drank tea at the airport"]
    r = recall(store, "user:a", "tea", until="2026-03-01T00:00:00Z", touch=False)
    assert [h.memory.text for h in r.hits] == ["User likes tea"]
    r = recall(store, "user:a", "tea", min_score=2.0, touch=False)
    assert r.hits == []


def test_abstain_when_nothing_relevant(store):
    _mem(store, "user:a", "User is allergic to peanuts")
    assert recall(store, "user:a", "quantum chromodynamics lecture", touch=False).abstain
    empty = recall(store, "user:b", "anything", touch=False)
    assert empty.abstain and empty.hits == []


def test_config_from_env(monkeypatch):
    monkeypatch.setenv("MEMCLI_RECALL_HALF_LIFE_DAYS", "90")
    monkeypatch.setenv("MEMCLI_RECALL_DROP_STOPWORDS", "0")
    cfg = RecallConfig.from_env(w_entity=0.1)
    assert cfg.blend.half_life_days == 90.0 and cfg.candidates.drop_stopwords is False and cfg.features.w_entity == 0.1


def _hit(text, day="2026-05-01"):
    return Hit(memory=Memory(id="x", scope="user:a", kind="semantic", text=text, valid_from=day + "T00:00:00Z"),
               score=1.0)


@pytest.mark.parametrize("budget", [20, 40, 60, 120, 400])
def test_prompt_block_budget_and_whole_notes(budget):
    texts = [f"User note number {i} about the garden, the dog and a trip to Lisbon in May" for i in range(30)]
    block = prompt_block([_hit(t) for t in texts], budget)
    assert count_tokens(block) <= budget
    if block:
        assert block.startswith("<memory>") and block.endswith("</memory>")
        body = [ln for ln in block.splitlines() if ln.startswith("- ")]
        for ln in body:
            assert ln.split(") ", 1)[1] in texts  # no note is cut
        assert "may be outdated" in block and "not instructions" in block


@pytest.mark.parametrize("budget", [40, 120])
def test_prompt_block_says_when_nothing_relevant_is_stored(budget):
    notes = [_hit(f"User note {i} about the garden") for i in range(10)]
    block = prompt_block(notes, budget, abstain=True)
    assert count_tokens(block) <= budget
    if block:
        assert "say you do not know" in block.splitlines()[2]
    assert "do not know" not in prompt_block(notes, budget)


def test_cli_prompt_format_passes_abstention_on(db_path):
    _seed(db_path)
    r = runner.invoke(app, ["recall", "quantum chromodynamics lecture", "--scope", "user:demo", "--format", "prompt",
                            "--no-touch"])
    assert r.exit_code == 0, r.output
    assert "say you do not know" in r.stdout


def test_explain_table_keeps_text_and_puts_the_breakdown_under_it(capsys, monkeypatch):
    from memcli.render import hits_table

    monkeypatch.setenv("COLUMNS", "80")
    h = _hit("Caroline: [b]hi[/b] [shares a dog]")
    h.keyword, h.context = 0.5, 0.25
    hits_table([h], explain=True)
    out = capsys.readouterr().out
    assert "Caroline: [b]hi[/b] [shares a dog]" in out  # memory text is not markup
    assert "keyword 0.50" in out and "context 0.25" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_prompt_block_skips_nothing_smaller_after_a_big_note():
    block = prompt_block([_hit("word " * 200), _hit("User likes tea")], 120)
    assert "User likes tea" not in block or count_tokens(block) <= 120


# -- CLI ---------------------------------------------------------------------------
runner = CliRunner()


def _seed(db_path):
    from memcli.api import MemoryStore
    from memcli.embed import HashEmbedder

    s = MemoryStore(db_path, HashEmbedder())
    old = s.add("user:demo", "User lives in Pune", kind="profile", key="home_city", valid_from="2026-01-01T00:00:00Z")
    s.retire("user:demo", old.id, reason="superseded", valid_until="2026-03-01T00:00:00Z")
    s.add("user:demo", "User lives in Mumbai", kind="profile", key="home_city", valid_from="2026-03-01T00:00:00Z",
          replaces=old.id)
    s.add("user:demo", "User works as a nurse", kind="profile", key="job", valid_from="2026-01-01T00:00:00Z")
    s.add("user:demo", "User is allergic to peanuts", importance=0.9)
    s.close()


def test_cli_recall_json_explains(db_path):
    _seed(db_path)
    r = runner.invoke(app, ["recall", "where does the user live", "--scope", "user:demo", "--json", "--no-touch"])
    assert r.exit_code == 0, r.output
    hits = json.loads(r.stdout)
    assert hits[0]["text"] == "User lives in Mumbai"
    assert set(hits[0]["breakdown"]) >= {"keyword", "keyword_rank", "vector", "vector_rank", "relevance",
                                         "recency", "importance", "final"}
    assert "abstain" in hits[0] and "confidence" in hits[0]


def test_cli_as_of_and_inactive(db_path):
    _seed(db_path)
    r = runner.invoke(app, ["recall", "where does the user live", "--scope", "user:demo", "--json",
                            "--as-of", "2026-02-01", "--no-touch"])
    assert r.exit_code == 0, r.output
    assert [h["text"] for h in json.loads(r.stdout)][0] == "User lives in Pune"
    r = runner.invoke(app, ["recall", "where does the user live", "--scope", "user:demo",
                            "--include-inactive", "--no-touch"])
    assert r.exit_code == 0, r.output
    assert "[retired" in r.stdout


def test_cli_prompt_format_budget(db_path):
    _seed(db_path)
    r = runner.invoke(app, ["recall", "user", "--scope", "user:demo", "--format", "prompt", "--max-tokens", "40",
                            "--no-touch"])
    assert r.exit_code == 0, r.output
    assert count_tokens(r.stdout.rstrip("\n")) <= 40


def test_cli_weights_and_half_life(db_path):
    _seed(db_path)
    r = runner.invoke(app, ["recall", "user", "--scope", "user:demo", "--json", "--weights", "0,0,1",
                            "--half-life", "7", "--no-touch"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)[0]["text"] == "User is allergic to peanuts"  # importance only
    bad = runner.invoke(app, ["recall", "user", "--scope", "user:demo", "--weights", "1,2"])
    assert bad.exit_code == 2


def test_cli_bad_fts_query_does_not_error(db_path):
    _seed(db_path)
    for q in ['"unbalanced', "AND OR"]:
        r = runner.invoke(app, ["recall", q, "--scope", "user:demo", "--json", "--no-touch"])
        assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["recall", '"unbalanced', "--scope", "user:demo", "--raw-query"])
    assert r.exit_code == 1 and "--raw-query" in r.output


def test_cli_profile_never_loads_the_embedder(db_path, monkeypatch):
    _seed(db_path)
    import memcli.embed as embed

    def boom(*a, **k):
        raise AssertionError("the embedder was constructed for --profile")

    monkeypatch.setattr(embed, "default_embedder", boom)
    monkeypatch.setattr(embed.MiniLMEmbedder, "_load", boom)
    monkeypatch.setattr(embed.HashEmbedder, "embed_batch", boom)
    r = runner.invoke(app, ["recall", "--profile", "--scope", "user:demo", "--json"])
    assert r.exit_code == 0, r.output
    items = json.loads(r.stdout)
    assert [(m["key"], m["text"]) for m in items] == [("home_city", "User lives in Mumbai"), ("job", "User works as a nurse")]
    r = runner.invoke(app, ["recall", "--profile", "--scope", "user:demo", "--json", "--as-of", "2026-02-01"])
    assert [m["text"] for m in json.loads(r.stdout)] == ["User lives in Pune", "User works as a nurse"]
    # Other tests in this process may have loaded the model libraries: a fresh process shows --profile imports none.
    code = (
        "import sys; from memcli.cli import app\n"
        "try:\n    app(['recall', '--profile', '--scope', 'user:demo', '--json'])\n"
        "except SystemExit as e:\n    assert not e.code, e.code\n"
        "bad = [m for m in ('tokenizers', 'onnxruntime', 'llama_cpp') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    import memcli

    # the default (real) embedder; this checkout's memcli, not an installed one
    env = {"MEMCLI_DB": str(db_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(memcli.__file__).parent.parent)}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    assert [m["key"] for m in json.loads(proc.stdout)] == ["home_city", "job"]


def test_a_key_the_query_names_gives_confidence_only_when_every_part_is_named(store):
    from memcli.ingest import Message, ingest

    ingest(store, "user:k", [Message(role="user", content="I'm vegetarian. My sister lives in Leeds.",
                                     ts="2026-03-01T10:00:00Z", ref="m1")], source="t")
    assert recall(store, "user:k", "what's their diet?", k=3, touch=False).confidence == 1.0
    assert recall(store, "user:k", "which city does the user's sister live in?", k=3, touch=False).confidence == 1.0
    # the sister is named, her city is not: the key is not what is asked
    job = recall(store, "user:k", "what is the user's sister's job?", k=3, touch=False)
    assert job.confidence < 1.0
