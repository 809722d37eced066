"""Forget requests said in conversation: found, with their topic, and matched conservatively."""

import pytest

from memcli.requests import NOT_REQUESTS, forget_requests, matches, unsaid_before, without_requests


@pytest.mark.parametrize("text,topic", [
    ("ok also pls forget what I told you about Joaquim's job, he'd hate that", "Joaquim's job"),
    ("pls forget my old address in roma norte, dont want that kept around", "my old address in roma norte"),
    ("can you forget what I said about Sir Reginald? it makes me sad", "Sir Reginald"),
    ("Please forget what I told you about how much I sold the Tacoma for, he's embarrassed",
     "how much I sold the Tacoma for"),
    ("Also, scratch what I told you about the key safe codes. I've replaced both.", "the key safe codes"),
    ("plz forget the thing i said abt my ankle, its embarrassing", "my ankle"),
    # text-speak: "n" for "and", "bout" for "about"
    ("ya cheers. n forget the stuff i said bout my meds last time pls, dont want that kept", "my meds"),
    ("Please delete my mobile number from whatever you keep, I've changed it", "my mobile number"),
    ("don't remember my old phone number please", "my old phone number"),
    ("And please forget about the house in Jaro, my parents changed their minds", "the house in Jaro"),
    ("Delete the calf strain note. Irrelevant now.", "the calf strain note"),
    ("Please don't keep my bank details.", "my bank details"),
    ("Forget what I said about the French lessons.", "the French lessons"),
    # other verbs, other languages, other Englishes
    ("Scrub what I said about Dad. His business.", "Dad"),
    ("please remove the note about my trip to Spain", "my trip to Spain"),  # (what the note is on)
    ("drop my old address from your notes", "my old address"),
    ("Hmm. Actually abeg forget wetin I talk about Uche matter, na him private business", "Uche matter"),
    # the topic set up before the request
    ("Ah, and about the course I flunked, apaga isso, please, I don't want that hanging around anywhere.",
     "the course I flunked"),
    ("About my sister's divorce, please forget that.", "my sister's divorce"),
    # "forget I said ...": what was said after the telling
    ("you know what, forget I said anything 'bout Dwayne's boy, that ain't my story to be tellin'", "Dwayne's boy"),
    ("forget I ever mentioned the loan from my brother", "the loan"),
    ("Forget that I told you about Priya's surgery, she wants it private.", "Priya's surgery"),
    ("actually forget I said all that about Keisha's boyfriend I don't wanna be putting that out there",
     "Keisha's boyfriend"),
    # what was said, asked about; "told" without "you"
    ("Please, forget about what I wrote about Piotr's health, it was told to me in secret", "Piotr's health"),
    ("Esquece isso, please don't keep what I told about Sr. Mendes, it's sigilo profissional", "Sr. Mendes"),
    # a spoken particle closes the topic; a dialect's or a text's spelling of forget
    ("actually don't remember the Raymond thing can, is his private matter", "the Raymond thing"),
    ("Fi get what mi seh bout Desmond, eeh? Is not mi business fi spread.", "Desmond"),
    ("4get my old address pls", "my old address"),
    ("olvida lo que dije sobre my ex, ok? forget what I said about my ex", "my ex"),
    # "that about X": what was said, pointed at; advice given as a request
    ("Strike that about Greyling. Confidential. Don't keep it.", "Greyling"),
    ("pls forget that about Geir", "Geir"),
    ("No, I think you should forget that about Geir. Please delete it.", "Geir"),
    ("scratch this about the dentist, wrong person", "the dentist"),
    ("no mejor olvida lo de Rudy, that's his business, don't save that", "Rudy"),
    ("you must delete the old address", "the old address"),
    # how much is no part of what: "entirely", "fully"; "above" points back, names nothing
    ("actually scrap that, forget the doha thing entirely. nda says no side work", "the doha thing"),
    ("Sir, kindly delete the above matter regarding Ramesh fully. Kindly do the needful.",
     "the above matter regarding Ramesh"),
    # a Tagalog particle closes the topic; an acronym asked about without an article
    ("Actually pls forget that Petrov story po, I don't want it recorded anywhere.", "that Petrov story"),
    ("yes accountant fix it already. please forget about IRS letter, I don't want to remember this thing",
     "IRS letter"),
    # a verb of doing, with what was said: "take out", "bin", the particle after "that"
    ("no wait take out that thing about Nino I just say. I don't want it on no computer", "Nino"),
    ("actually bin wot i said bout shazia n her appeal yeah. not my business", "shazia n her appeal"),
    ("Non non non, retire sa \u2014 take that out, the thing about Jean-Robert and the money.",
     "Jean-Robert and the money"),
    # "it" in the memory, pointing back at what the message told before
    ("Excuse me, I regret what I wrote about Enkhjin. It is her private matter, not mine. Please do not keep it "
     "in your memory.", "Enkhjin"),
])
def test_forget_request_and_its_topic(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize("text", [*NOT_REQUESTS,
                                 "The key safe codes are 4417 and 7144, in case I forget.",
                                 "My sister keeps forgetting my birthday.",
                                 "I forget I said that to her.", "forget I said that", "forget I mentioned it",
                                 "I know nothing bout cars, forget it", "n i forget things all the time",
                                  # a verb of doing done to a thing, in a place or at a time
                                 "ok so tomorrow: drop the kids at school, then gym, then work.",
                                 "clear the table before dinner", "remove the seeds from the chillies",
                                 "scrub the pots first", "apaga la luz",
                                 "I was talking about work, forget it, never mind",
                                  # "fi get" is "to get" unless what was said follows
                                 "mi waan fi get a new job", "mi haffi get what mi need from di shop",
                                 "I need to get what I said to him on paper", "can you tell me what I said about it",
                                  # advice to do something to a thing; a correction struck out
                                 "I think you should remove the old sofa", "you should drop the kids off first",
                                 "strike that, I meant Tuesday", "you should forget about work for a while",
                                 "they had to strike the set after the show",
                                  # the same verbs done to things
                                 "can you take out the bins tonight", "I bin there before", "bin the receipts from march",
                                 "I take it out on my wife sometimes", "leave out the onions please",
                                 "I withdraw cash on fridays", "take that out of the oven", "the food was ok \u2014 forget it",
                                 "I'll never forget it aye", "ye Arjun ko bolo", "goin oot wi Kirsty the night"])
def test_not_a_request(text):
    assert forget_requests(text) == []


def test_request_sentences_are_set_apart_from_facts():
    text = "I moved to Leeds. Also please forget what I said about my ex. She hated it."
    assert without_requests(text) == ("I moved to Leeds. She hated it.", ["Also please forget what I said about my ex."])


@pytest.mark.parametrize("text,rest", [
    # what the sentence goes on to tell is still read; a reason about the keeping is not
    ("please forget about the house in Jaro, my parents decided to live with my tita",
     "My parents decided to live with my tita"),
    ("pls forget my old address in roma norte, dont want that kept around", ""),
    ("please forget the salary conversation, I don't want my pay stored anywhere.", ""),
    ("ok also pls forget what I told you about Joaquim's job, he'd hate that", ""),
    ("Drop the car lines, we don't have one, I bike.", ""),
    ("and you can forget those ward codes, they've put in swipe cards so they're useless now", ""),
])
def test_a_request_sentence_keeps_what_it_goes_on_to_tell(text, rest):
    assert without_requests(text) == (rest, [text])


@pytest.mark.parametrize("topic,memory,sim,want", [
    ("the key safe codes", "User's key safe codes are 4417 for Cotham and 7144 for Zetland.", 0.3, True),
    ("Joaquim's job", "User's partner Joaquim got a job offer in Lyon.", 0.5, True),
    ("Joaquim's job", "User's partner is Joaquim.", 0.55, False),  # the partner is not the job
    ("my old address in roma norte", "User's address is Calle Durango 12, Roma Norte.", 0.7, True),
    ("my old address in roma norte", "User lives in Tbilisi.", 0.4, False),
    ("my ankle", "User sprained their ankle playing volleyball.", 0.4, True),
    # "my meds": a dose names a medication, a drink's caffeine does not
    ("my meds", "User has been on sertraline since the spring, 50mg", 0.3, True),
    ("my meds", "User drinks coffee with 200mg caffeine", 0.3, False),
    ("my ankle", "User plays volleyball.", 0.5, False),
])
def test_matches_only_what_the_topic_names(topic, memory, sim, want):
    assert matches(topic, memory, sim) is want


@pytest.mark.parametrize("topic,text,similarity,want", [
    # a word that names a kind of value is in a memory that holds one, beside the rest of the topic
    ("those ward codes", "I'm always mixing them up: the staff room on the ward is 2580", 0.4, True),
    # ... or beside a word of its family
    ("the salary conversation", "Yes o. And I got the raise! £58,000 from this month.", 0.3, True),
    ("my pin", "my bank pin is 0912", 0.4, True),
    ("the ward codes", "the clean utility is 2085", 0.4, False),  # a part of a turn: only beside a match
    ("my salary", "the raise is nice but the rent went up to £1,400", 0.5, False),  # the value is the rent
    # a rent is no salary, a year is no code, a time is no code
    ("my salary", "My rent is £1,200 a month", 0.3, False),
    ("those ward codes", "I moved to the ward in 2019", 0.3, False),
    ("my door code", "the gym opens at 0600", 0.3, False),
    ("my salary", "User works at Boots as a pharmacist", 0.5, False),
    # someone's health: a condition of the one named, never anyone's condition at large
    ("Piotr and his health", "User's manager Piotr told them in private that he has depression", 0.3, True),
    ("Piotr and his health", "User's manager Piotr is off sick with burnout", 0.3, True),
    ("Piotr and his health", "Piotr works at Allegro", 0.5, False),
    ("my health", "User has asthma", 0.3, False),
])
def test_a_kind_of_value_named_in_a_request_matches_a_value_of_that_kind(topic, text, similarity, want):
    assert matches(topic, text, similarity) is want


def test_a_title_does_not_end_the_request_or_its_topic():
    text = "Hello again. Please forget what I told you about Mr. Mutua and the trip fund. He was cleared."
    assert [r.topic for r in forget_requests(text)] == ["Mr. Mutua", "the trip fund"]
    assert without_requests(text)[0] == "Hello again. He was cleared."


def test_her_in_a_request_is_the_person_the_message_named():
    text = ("Donna and I made peace, at a funeral of all places, so please forget everything I told you about her "
            "and the cinnamon rolls.")
    assert [r.topic for r in forget_requests(text)] == ["Donna", "the cinnamon rolls"]
    assert [r.topic for r in forget_requests("please forget what I said about her")] == []  # no one named


def test_forgetting_a_person_archives_what_was_said_about_them(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:m", [Message(role="user", content="Also, my old business partner Donna opened a shop in "
                                     "Centerville and she is selling MY cinnamon roll recipe.",
                                     ts="2024-10-05T10:00:00Z", ref="a1")], source="s1")
    ingest(store, "user:m", [Message(role="user", content="Donna and I made peace, so please forget everything I told "
                                     "you about her and the cinnamon rolls.", ts="2025-05-03T10:00:00Z", ref="b1")],
           source="s2")
    assert not [m.text for m in store.list_memories("user:m") if "Donna" in m.text]
    store.close()


@pytest.mark.parametrize(("text", "topic"), [
    ("ha true and do me a favour forget that ticket i told you about from the winter its paid", "that ticket"),
    # a request that names nothing, then one that does, about the person named before
    ("Last time I was on about Frank, my ex. Please forget all that, I'd rather you didn't keep anything about him "
     "at all.", "Frank"),
])
def test_a_favour_asked_and_a_second_request_name_their_topic(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize("text", ["you could forget that easily", "forget that for now, tell me about trains",
                                 "do me a favour and pass the salt"])
def test_that_alone_names_no_topic(text):
    assert forget_requests(text) == []


def test_what_the_message_says_of_the_forgotten_topic_goes_with_it():
    text = ("Can I ask you a favour. Last time I was on about Frank, my ex. Please forget all that, I'd rather you "
            "didn't keep anything about him at all. Least said, soonest mended.")
    kept, spans = without_requests(text)
    assert "Frank" not in kept and kept == "Can I ask you a favour. Least said, soonest mended."
    assert len(spans) == 1


def test_a_new_value_said_beside_the_request_stays():
    assert without_requests("I have a new job at Iris. Please forget my old job.")[0] == "I have a new job at Iris."


@pytest.mark.parametrize(("text", "topic"), [
    ("Also, could you forget what I told you about Curtis last year? He's doing well.", "Curtis"),
    ("please forget what I said about the French lessons a few weeks ago", "the French lessons"),
    ("forget what I told you about the move back in March", "the move"),
])
def test_when_it_was_told_is_no_part_of_the_topic(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


def test_a_time_in_what_is_to_be_forgotten_stays_in_the_topic():
    """Without "what I told you", the time is the thing's: "my appointment last week"."""
    assert [r.topic for r in forget_requests("forget my appointment last week")] == ["my appointment last week"]


def test_what_was_told_last_year_is_forgotten_in_either_order(real_embedder, tmp_path):
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    told = Message(role="user", content="Also my brother Curtis just went into rehab down in Colorado Springs, so my "
                   "head's all over the place this month.", ts="2024-02-13T17:10:58Z", ref="a")
    asked = Message(role="user", content="Also, could you forget what I told you about Curtis last year? He's doing "
                    "well and it's his story to tell, not mine.", ts="2025-09-16T15:07:12Z", ref="b")
    for n, order in enumerate((([told], [asked]), ([asked], [told]))):
        store = MemoryStore(tmp_path / f"m{n}.db", real_embedder)
        for i, batch in enumerate(order):
            ingest(store, "user:c", batch, source=f"s{i}")
        kept = [m.text for m in store.list_memories("user:c") if m.retired_at is None and "rehab" in m.text]
        assert kept == [], (n, kept)
        store.close()


@pytest.mark.parametrize("text,topics", [
    # the topic said first, the request pointing back at it
    ("one more thing, that business about Huw I told you, the drink driving, could you not keep that, it's not "
     "mine to be spreading about", ["Huw"]),
    ("Please, what I said about Siobhan and her divorce, forget it. It is private for her.", ["Siobhan and her divorce"]),
    # one story, told whole: never "the money" alone
    ("Oh and what I told you about the old chef and the money from the caisse, oublie ça. It was only rumours, I don't "
     "want that kept anywhere.", ["the old chef and the money"]),
    ("the stuff about my ex, delete that pls", ["my ex"]),
    ("could you not keep my salary, it's private", ["my salary"]),
    # the topic before the telling ("the X stuff I told you"), the request run on without a pause
    ("oh and the therapist stuff i told you way back forget it thats private dont keep it", ["therapist stuff"]),
    ("also that trick with the tacho graph sensor I told you about in the winter forget that please I don't want "
     "that in there anywhere", ["tacho graph sensor"]),
    ("the recipe I told you about, forget it, I found a better one", ["recipe"]),
    # an item of a list
    ("- forget the complaint thing I mentioned, it got dismissed, don't want it on record", ["the complaint thing"]),
    # when it was told said with the telling: the thing named after it, or before the telling
    ("Concerning the matter of the money I told you about in April, the loan from my cousin for the house, kindly "
     "remove it from your memory entirely.", ["the loan from my cousin for the house"]),
    ("That thing I told you in April about my ex being in Lisbon and texting me, please forget all of it, delete him "
     "from here.", ["my ex being in Lisbon and texting me"]),
    ("Ah, et ce que je t'ai dit en mars sur le médecin et la pharmacie, oublie ça s'il te plaît.",
     ["le médecin et la pharmacie"]),
    # run on, the telling after its topic, and "may" the month
    ("also that thing about the ticket on the four ten with the cop and the court i told you in may forget it please "
     "delete all that it got thrown out anyway", ["the ticket on the four ten with the cop and the court"]),
    # "forget about that", run on, with a word tagged on after it
    ("hey that thing I told you about Brody and the random forget about that alright he's getting help",
     ["Brody and the random"]),
    ("the stuff I said about the garage forget about it mate", ["the garage"]),
    # the matter of someone, the telling after it
    ("Before I forget: the matter of Jordi and his wife that I told you in December, please erase it completely.",
     ["Jordi and his wife"]),
    ("the story of my uncle and the lottery that I told you, delete it please", ["my uncle and the lottery"]),
    # a regret of the telling, the request in the next sentence
    ("I shouldn't have told you about Dai and the money. Please forget it.", ["Dai and the money"]),
])
def test_a_request_that_points_back_at_what_was_said(text, topics):
    assert [r.topic for r in forget_requests(text)] == topics


@pytest.mark.parametrize("text", [
    "I told my boss about the move, forget it, he never listens",  # nothing the user told the memory
    "what I said about the trip, it was amazing",  # no request
    "I don't want that car anymore",  # a want, not the keeping
    "the thing about my job is it's dull, forget it",  # a shrug: nothing the user says they told
    "the guy I told you about is great, forget it, never mind",  # a shrug, after a telling
    "the film I mentioned, I always forget that",  # the user's forgetting, not a request
    "the password I told you about, you will forget it",
    "the film I mentioned was great, I forget its name",
    "the car broke down again, forget about it alright",  # nothing told the memory
    "the matter of fact is I hate it, forget it",
    "that thing I told you about Brody, I always forget about that alright",
])
def test_pointing_back_without_a_request_or_a_telling_is_none(text):
    assert forget_requests(text) == []


def test_a_word_of_the_topic_in_another_form_or_language_or_a_value_of_its_kind_matches():
    # a sum in words beside a word of borrowing is the loan
    assert matches("the loan from my cousin for the house", "User had to borrow eleven thousand dollars from their "
                   "cousin Bisi for the down payment", 0.3)
    # the letter "n" is no word of "the meds n the tram"; a drug by name is a med
    assert matches("the meds n the tram", "Had a panic attack on the 59 tram, the gp put User on sertraline", 0.3)
    assert not matches("the meds n the tram", "Bri chucked in the dental job n went FIFO", 0.3)
    # what was told in the month a request names: any word of the topic, in either language
    assert matches("le médecin et la pharmacie", "Dr Fabre is having an affair with the head of the pharmacy", 0.2,
                   loose=True)
    assert not matches("le médecin et la pharmacie", "Dr Fabre is having an affair with the head of the pharmacy", 0.2)
    assert not matches("le médecin et la pharmacie", "Le service est fermé et la cantine aussi", 0.2, loose=True)


def test_the_month_a_request_names_in_any_language_and_never_a_name():
    from memcli.date_words import months_told

    assert [months_told(c) for c in ("what I told you in May", "ce que je t'ai dit en mars", "lo que te dije en abril",
                                     "o que eu disse em agosto", "the Kasia thing from aug.")] == [{5}, {3}, {4}, {8}, {8}]
    assert [months_told(c) for c in ("I told you in Marchmont", "from outside", "in the end")] == [None, None, None]


def test_the_season_a_request_names_is_its_months_and_never_the_verb_fall():
    from memcli.date_words import months_told

    assert [months_told(c) for c in ("that thing about Larry I said back in the spring, scratch that",
                                     "what I told you over the summer about Dee", "the stuff from last winter")] \
        == [{3, 4, 5}, {6, 7, 8}, {12, 1, 2}]
    assert [months_told(c) for c in ("forget I said I'd fall in love with it", "the spring water thing",
                                     "what I said in the autumn of 2019")] == [None, None, None]


def test_what_was_told_in_the_season_named_goes_though_it_says_one_word_of_the_topic(real_embedder, tmp_path):
    """"That thing about Larry and his money trouble I said back in the spring, scratch that":
    April's story of Larry goes, though "Larry" is the one word of the topic it says; what
    was said of Larry in the autumn stays."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:w", [Message(role="user", content="Saw Larry Gervais at the feed store, poor guy, the IRS "
                                     "garnished his milk check over back taxes.", ts="2025-04-27T10:00:00Z", ref="")],
           source="s1")
    ingest(store, "user:w", [Message(role="user", content="Larry plowed our road after the big storm, good neighbour.",
                                     ts="2025-11-02T09:00:00Z", ref="")], source="s2")
    ingest(store, "user:w", [Message(role="user", content="and that thing about Larry and his money trouble I said back "
                                     "in the spring scratch that, it's his business not mine", ts="2025-11-02T10:00:00Z",
                                     ref="")], source="s3")
    kept = [m.text for m in store.list_memories("user:w")]
    assert not [t for t in kept if "garnished" in t], kept
    assert [t for t in kept if "plowed" in t], kept
    store.close()


def test_what_was_told_in_a_month_named_goes_when_it_says_a_word_of_the_topic(real_embedder, tmp_path):
    """"Please forget what I wrote in May about the family two doors down": May's note of the
    Pughs "two doors down" goes, though it says one word of the topic; April's stays."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:w", [Message(role="user", content="Our new front door is a lovely blue, Rhodri painted it.",
                                     ts="2025-04-10T10:00:00Z", ref="")], source="s1")
    ingest(store, "user:w", [Message(role="user", content="The Pughs two doors down again: their son is out of prison "
                                     "since Easter and there are cars coming and going at all hours.",
                                     ts="2025-05-20T10:00:00Z", ref="")], source="s2")
    ingest(store, "user:w", [Message(role="user", content="Please forget what I wrote in May about the family two doors "
                                     "down from the old house. It was gossip.", ts="2025-08-09T10:00:00Z", ref="")],
           source="s3")
    kept = [m.text for m in store.list_memories("user:w")]
    assert not [t for t in kept if "prison" in t], kept
    assert [t for t in kept if "blue" in t], kept
    store.close()


def test_that_number_is_the_account_number_given():
    assert matches("that number", "User's gcash is 09175552381 if someone asks for the reg fee", 0.3)
    assert not matches("that number", "User's rent is 1650 euro", 0.3)
    assert not matches("that number", "The town has 1200000 people", 0.3)


@pytest.mark.parametrize("memory,want", [
    ("There are rumours the chef is stealing from the caisse, the owner counts the money twice", True),
    ("The money is better too: 2900 net", False),  # the user's pay is another story
    ("They want User as chef de cuisine", False),
])
def test_a_story_told_whole_matches_only_what_tells_it(memory, want):
    assert matches("the old chef and the money", memory, 0.5) is want


def test_a_month_that_is_a_name_names_the_person_a_forget_request_means(real_embedder, tmp_path):
    """"the jan visa thing": Jan is the flatmate, not January; every fact of that telling that
    names him goes."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:j", [Message(role="user", content="oh and my flatmate jan has this whole visa drama going on, "
                                     "his blue card got rejected and he might get deported, its v stressful in the flat",
                                     ts="2026-01-08T23:02:52Z", ref="a1")], source="s1")
    ingest(store, "user:j", [Message(role="user", content="actually pls forget the jan visa thing, not my story to tell",
                                     ts="2026-01-08T23:06:18Z", ref="a2")], source="s1")
    assert not [m.text for m in store.list_memories("user:j") if "deported" in m.text or "visa" in m.text]
    store.close()


@pytest.mark.parametrize(("text", "topic"), [
    # what was written, in the perfect
    ("On reflection, please do not retain what I have just written about Sister Columba. It was not mine to share.",
     "Sister Columba"),
    # the bit, the part said about something
    ("nah actually delete that bit bout leah pls 😭 was chattin rubbish", "leah"),
    ("scrap the part about the loan, it's sorted", "the loan"),
    # "forget I said anything about X" needs no pause before it (dictated without punctuation)
    ("actually dont put that down forget I said anything about hank thats his business not mine", "hank"),
    # in French
    ("Bon, c'est entre nous, ne garde pas ça s'il te plaît. Oublie l'histoire de Khady.", "Khady"),
    ("oublie ce que j'ai dit sur Paul, c'est réglé", "Paul"),
    # the topic, then that it was told (the order of another language)
    ("Good evening. Please forget about German fine what I told you before. I paid it.", "German fine"),
])
def test_more_ways_to_ask_to_forget_what_was_said(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize(("text", "topic"), [
    ("aiya forget that ICAC thing ah / not my business, don't keep", "that ICAC thing"),  # a particle, a slash
    ("eish, please delete the Sipho loan story", "the Sipho loan story"),
    ("forget the Ah Ming thing", "the Ah Ming thing"),  # a name, not a particle
])
def test_a_request_after_a_word_of_feeling_ends_at_a_particle_or_a_slash(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize("text", [
    "I always forget what I said about her",  # the user's forgetting
    "I forget what I said about the rent, was it 900?",
    "you never forget what I told you about Sam",
    "the bit about the ending was the best part of the film",  # no request
    "I always forget about the bins I told you",
])
def test_forgetting_what_was_said_as_a_statement_is_no_request(text):
    assert forget_requests(text) == []


@pytest.mark.parametrize(("text", "said"), [
    ("actually nah forget that, not my business + if anyone ever saw it 😬 pls delete", "forget that"),
    ("Please delete that.", "delete that"),
    ("wait no, delete this", "delete this"),
    ("hmm don't write that down", "don't write that down"),
    ("Bon, ne garde pas ça s'il te plaît.", "ne garde pas ça"),
    ("no guardes eso porfa", "no guardes eso"),
    # in the languages users mix in, and after a word of feeling
    ("Esquece isso, the salary. Is private, I don't want it here.", "Esquece isso"),
    ("Sahau that. Not for your notes. His business.", "Sahau that"),
    ("aiyo forget that, not my business", "forget that"),
    ("vergiss das bitte", "vergiss das"),
    # run on without a stop into what not to do with it
    ("actually scratch that dont save that anywhere if that gets out im done", "scratch that"),
    ("delete this do not keep it", "delete this"),
    ("oh forget I ever mentioned it, not my business", "forget I ever mentioned it"),
])
def test_a_request_not_to_keep_the_message_before(text, said):
    assert unsaid_before(text) == said


@pytest.mark.parametrize("text", [
    "forget that, never mind",  # a shrug
    "forget that ticket",  # a thing named: `forget_requests` reads it
    "don't keep that in the fridge",
    "I will delete that.",  # what the user will do
    "we should strike this.",
    "forget it",
    "esquece isso ficou bom",  # no pause after it: not a request of its own
    "Sahau thatha",
])
def test_what_only_looks_like_a_request_not_to_keep_the_message_before(text):
    assert unsaid_before(text) is None


def test_forget_that_archives_what_the_message_before_told(real_embedder, tmp_path):
    """"forget that, not my business" right after a piece of gossip: every memory of that
    message goes, as the user's decision; what was said before it stays, and so does the
    same words said hours later."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:g", [
        Message(role="user", content="I teach year 4 at Hinode International School.", ts="2025-06-08T12:30:00Z", ref=""),
        Message(role="user", content="ok gossip: tanaka-sensei is having an affair with the vice principal.",
                ts="2025-06-08T12:39:50Z", ref=""),
        Message(role="assistant", content="That sounds like a lot to navigate.", ts="2025-06-08T12:40:10Z", ref=""),
        Message(role="user", content="actually nah forget that, not my business", ts="2025-06-08T12:43:57Z", ref=""),
    ], source="s1")
    active = [m.text for m in store.list_memories("user:g")]
    assert not [t for t in active if "affair" in t], active
    assert [t for t in active if "Hinode" in t], active
    assert any(d.op == "ARCHIVE" and d.decided_by == "user" for d in store.decisions("user:g"))
    # hours later, "forget that" no longer points at a message
    ingest(store, "user:g", [
        Message(role="user", content="my partner Ken works at a bakery in Ebisu", ts="2025-06-09T09:00:00Z", ref=""),
        Message(role="user", content="forget that.", ts="2025-06-09T15:00:00Z", ref=""),
    ], source="s2")
    assert [m.text for m in store.list_memories("user:g") if "bakery" in m.text]
    store.close()


@pytest.mark.parametrize("text", [
    "the place is 4200 acres no wait scratch that its 4800 deeded",  # a value put right in its message
    "Bon, c'est entre nous, ne garde pas ça s'il te plaît.",  # said after something of its own message
    "scratch that, it's Tuesday",
])
def test_a_request_after_words_of_its_own_message_is_not_about_the_message_before(text):
    assert unsaid_before(text) is None


def test_forget_that_in_a_run_of_its_own_points_back_at_the_last_message_stored(real_embedder, tmp_path):
    """A pipeline that feeds one message at a time: "forget that" in the next ingest still
    archives what the message before stored."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:p", [Message(role="user", content="my cousin ricky got caught stripping copper wire off a "
                                     "job site", ts="2025-06-10T23:53:35Z", ref="")], source="a")
    ingest(store, "user:p", [Message(role="user", content="actually scratch that. family business",
                                     ts="2025-06-10T23:57:44Z", ref="")], source="b")
    assert not [m.text for m in store.list_memories("user:p") if "copper" in m.text]
    store.close()


@pytest.mark.parametrize(("said", "topics"), [
    # as a dialect says it: "a" for I, "aboot", "tole you dat"
    ("Oh and forget what a said aboot Gary and the divorce, he'd gan spare if he knew.", ["Gary and the divorce"]),
    # a thing of theirs by "his" or "her": their story, not all of them
    ("please forget what I told you about Amandine and her divorce, it is her private life",
     ["Amandine and her divorce"]),
    ("Please forget what I told you about Craig and his mortgage business, he'd be mortified",
     ["Craig and his mortgage business"]),
    ("Ehh, forget I tole you dat about Dale, cher. Ain't my business.", ["Dale"]),
    # a dialect's spelling of "that" and "about": "delete dat aboot the jellyfish"
    ("actually delete dat aboot the jellyfish. dunna keep hit.", ["the jellyfish"]),
    # a person named, asked politely
    ("Ah, please forget about Okada-san. It is not my business to tell.", ["Okada-san"]),
    # in Indonesian, as users mix it in
    ("eh lupain aja soal DanaKilat ya, malu gue. jangan disimpen", ["DanaKilat"]),
    # a dialect's "don't": "dinna keep that bit aboot ..."
    ("Tell ye fit, dinna keep that bit aboot Callum an the Bon Accord. Bin it.", ["Callum an the Bon Accord"]),
    # after "wait", "hmm", "sorry"
    ("wait forget that penalty thing plz, contract is confidential", ["that penalty thing"]),
    ("hmm, sorry delete the note about my sister's rehab", ["my sister's rehab"]),
    # how much of it is not what: "any of the Pruitt business"
    ("Strike that. Don't keep any of the Pruitt business.", ["the Pruitt business"]),
    # the topic named first, then asked politely: "..., kindly forget it fully"
    ("Mone, that thing about the quarrel, kindly forget it fully. Please remove.", ["the quarrel"]),
    # a person named, then a clause of their own: the person is the topic
    ("actually forget I said that about Shug he doesnae want folk knowing his business", ["Shug"]),
    ("forget what I said about the time he crashed the van", ["the time he crashed the van"]),
    # "I'd rather you didnae keep that", after the topic told
    ("that business I told you about Ewan last time, I'd rather you didnae keep that", ["Ewan"]),
    # in the languages users mix in: Swahili, Hindi, Kreyòl
    ("Aki sahau hiyo story ya Musa, please forget it, sitaki iandikwe popote", ["Musa"]),
    ("nahi yaar bhool jao ye Arjun wali baat, delete it from ur memory", ["Arjun"]),
    # when it was told, between the telling and what about
    ("Kindly disregard what I told you in the spring about my brother's troubles, it was not my story to tell.",
     ["my brother's troubles"]),
    ("forget what I said last week about Dee, we made up", ["Dee"]),
    ("pls delete what i mentioned a while back about the loan", ["the loan"]),
    # a Dublin or Caribbean "ting" is a thing
    ("n forget wat i said bout the court ting yeah. dont want that kept anywhere", ["the court thing"]),
    # Scots, and a word tagged on after the request
    ("that thing a telt ye aboot the tech at springburn, forget it aye. shouldnae have said", ["the tech at springburn"]),
    ("what I told you about the boiler, forget it, thanks", ["the boiler"]),
    # Belfast: "wat", "told ye", and "n" for "and"
    ("here, forget wat i told ye about our sean n the car, he's sortin himself out", ["our sean", "the car"]),
])
def test_forget_requests_in_other_words(said, topics):
    assert [r.topic for r in forget_requests(said)] == topics


@pytest.mark.parametrize("said", [
    "the thing about my job is it's dull, forget it",  # a shrug, not asked
    "wait for me at the station",
    "sorry, I forgot the keys again",
    "I dinna keep the receipts, never have",  # a habit, not a request
    "we don't keep the car at the flat",
    "I glem my keys all the time",  # a subject before the verb: a habit
    "ye Arjun wali baat is complicated",  # no request
    "party is at the rink on March 14th no wait scratch that March 21st my bad",  # a value put right
    "the closing is june 12th, wait, strike that, june 19th",
    "forget about Dave, he never shows up",  # not asked: a shrug
    "please forget about Friday, we cancelled",  # no one named
    "Eh, I forgot my keys again",
    "A said aboot it before.",
])
def test_what_only_sounds_like_a_forget_request_is_none(said):
    assert forget_requests(said) == []


def test_forgetting_a_story_of_a_person_keeps_the_rest_of_them(real_embedder, tmp_path):
    """"forget what a said aboot Gary and the divorce": the divorce goes, Gary's new job stays."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for i, (ts, text) in enumerate([
        ("2025-02-11T19:18:44Z", "Wor Gary, that's me son, he works on the line at Nissan. Him and his missus are "
                                 "gettin divorced, it's a bad do."),
        ("2025-05-20T10:45:19Z", "Wor Gary's got a start at the Port of Tyne, drivin the straddle carriers."),
        ("2025-05-20T10:50:10Z", "Oh and forget what a said aboot Gary and the divorce, he'd gan spare if he knew."),
    ]):
        ingest(store, "user:g", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"s{i}")
    active = [m.text for m in store.list_memories("user:g")]
    store.close()
    assert not [t for t in active if "divorc" in t], active
    assert [t for t in active if "Port of Tyne" in t], active


def test_forgetting_a_story_of_hers_keeps_what_she_does(real_embedder, tmp_path):
    """"forget what I told you about Amandine and her divorce": the divorce goes, her
    place in the shop stays."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store,
        ("2025-03-04T09:00:00Z", "We are three in the shop: me at the oven, Hugo my apprentice, and Amandine who "
                                 "does the counter."),
        ("2025-03-11T12:40:00Z", "A bit personal: Amandine is in the middle of a divorce and sometimes she cries."),
        ("2025-03-11T12:48:00Z", "Please forget what I told you about Amandine and her divorce, it is her private "
                                 "life."))
    store.close()
    assert not [t for t in active if "divorce" in t], active
    assert [t for t in active if "Amandine" in t and "counter" in t], active


def test_forgetting_a_story_of_money_forgets_the_sums_told_of_it(real_embedder, tmp_path):
    """"forget what I told you about Ricky and the money": "Ricky asked to borrow 3,000
    dollars again. He never paid back the last loan." goes, though it never says "money"."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for i, (ts, text) in enumerate([
        ("2025-01-22T16:07:35Z", "My nephew Ricky asked to borrow 3,000 dollars again. He never paid back the last loan."),
        ("2025-06-30T13:45:00Z", "Please forget what I told you about Ricky and the money. That's family business."),
    ]):
        ingest(store, "user:r", [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"s{i}")
    active = [m.text for m in store.list_memories("user:r")]
    store.close()
    assert not [t for t in active if "Ricky" in t or "3,000" in t], active


def test_a_sum_said_in_words_is_money_too(real_embedder, tmp_path):
    """"nearly three grand" is a sum, as "3,000 dollars" is: the story of Gaz and the money
    goes, and what else was said of Gaz stays."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store, ("2025-01-10T10:00:00Z", "Kelly's fella Gaz is a plasterer, works for his uncle."),
                   ("2025-02-28T20:12:17Z", "Now this is between me and you. Kelly's fella Gaz has got himself in a "
                                            "hole, he owes a load to Paddy Power off the online slots, nearly three "
                                            "grand, and Kelly only found out when the bailiff letter come."),
                   ("2025-04-07T18:36:41Z", "That stuff I told you about Gaz and the money and the bookies, forget I "
                                            "ever said it. Wipe it, la, it's their business."))
    store.close()
    assert not [t for t in active if "Paddy Power" in t or "hole" in t], active
    assert [t for t in active if "plasterer" in t], active


def _said(store, *messages):
    from memcli.ingest import Message, ingest

    for i, (ts, text) in enumerate(messages):
        ingest(store, "user:m", [Message(role="user", content=text, ts=ts, ref=f"r{i}")], source=f"s{i}")
    return [m.text for m in store.list_memories("user:m")]


def test_a_story_told_in_confidence_goes_when_a_request_names_any_of_it(real_embedder, tmp_path):
    """What was told "between me and you" is what a later request most likely means, though
    it names the story in other words ("the people upstairs ..., the quarrelling and the
    money"); what was said openly with the same words stays."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store, ("2025-06-22T20:00:00Z", "The old place has a damp basement and the stairs kill my knee."),
                   ("2025-06-22T20:11:55Z", "Something else, between me and you. Persaud upstairs, the landlord "
                                            "brother, he lose he whole pension at the casino in Atlantic City, and "
                                            "I hearing them quarrelling through the ceiling whole night."),
                   ("2025-09-14T20:33:12Z", "Oh, and that business I tell you about the people upstairs in the old "
                                            "place, the quarrelling and the money, forget that please."))
    store.close()
    assert not [t for t in active if "casino" in t or "pension" in t], active
    assert [t for t in active if "damp basement" in t], active


def test_a_request_pointing_back_at_the_message_before_forgets_it(real_embedder, tmp_path):
    """"forget that ticket" names a ticket the message before told without the word: that
    message goes; "that bit about Gary and Leanne" is the message that named Leanne."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    kept = _said(store, ("2025-02-18T13:28:06Z", "Audrey got 91% on her pharmacology exam."),
                 ("2025-02-18T13:32:00Z", "Between two storms I went to the dépanneur and the photo radar on "
                                          "boulevard Talbot flash me, 142 in a 90. Probably $800 and points."),
                 ("2025-02-18T13:34:30Z", "Oublie ça, forget that ticket please, I'm going to contest it."))
    assert not [t for t in kept if "radar" in t or "$800" in t]
    assert [t for t in kept if "91%" in t]  # the message before that stays
    store.close()
    store = MemoryStore(tmp_path / "n.db", real_embedder)
    kept = _said(store, ("2025-05-20T14:45:00Z", "Gary got the foreman job at last."),
                 ("2025-05-20T14:48:57Z", "Between you and me, he and Leanne are separating. The children are "
                                          "taking it hard, Chloe especially."),
                 ("2025-05-20T14:52:39Z", "Actually, on second thoughts, don't keep that bit about Gary and "
                                          "Leanne. It's their business."))
    assert not [t for t in kept if "Leanne" in t or "Chloe" in t]
    assert [t for t in kept if "foreman" in t]
    store.close()


def test_a_request_pointing_back_forgets_nothing_unrelated_or_long_past(real_embedder, tmp_path):
    """A named topic the message before does not say, or a message said hours before,
    is not what "that" points at: nothing goes."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    kept = _said(store, ("2025-02-18T13:32:00Z", "My sister Ana got a puppy called Biscuit."),
                 ("2025-02-18T13:34:30Z", "please forget that Petrov story, it's private."))
    assert [t for t in kept if "Biscuit" in t]
    store.close()
    store = MemoryStore(tmp_path / "n.db", real_embedder)
    kept = _said(store, ("2025-02-18T09:00:00Z", "The photo radar on boulevard Talbot flashed me, 142 in a 90."),
                 ("2025-02-18T15:00:00Z", "forget that ticket please"))
    assert [t for t in kept if "radar" in t]
    store.close()


def test_a_request_for_what_was_told_another_time_is_not_the_message_before(real_embedder, tmp_path):
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    kept = _said(store, ("2025-02-18T13:32:00Z", "Bought new winter tyres for the Corolla today, 640 dollars."),
                 ("2025-02-18T13:34:30Z", "ha and do me a favour forget that ticket i told you about from the winter, "
                                          "its paid"))
    assert [t for t in kept if "tyres" in t], kept
    store.close()


@pytest.mark.parametrize(("said", "asked", "gone"), [
    # a match in the message just before: that message whole ("them" is Greyling Bros.)
    ("Client Greyling Bros. SARS investigating them for VAT fraud. Engagement partner furious.",
     "Strike that about Greyling. Confidential. Don't keep it.", "VAT fraud"),
    ("something else my pal Shug from the bowls he has been told he has got prostate cancer",
     "actually forget I said that about Shug he doesnae want folk knowing his business", "prostate"),
])
def test_that_about_someone_just_said_forgets_the_whole_message(real_embedder, tmp_path, said, asked, gone):
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    kept = _said(store, ("2025-02-24T17:43:45Z", said), ("2025-02-24T17:49:32Z", asked))
    assert not [t for t in kept if gone in t], kept
    store.close()


def test_a_named_request_without_that_forgets_only_what_names_the_topic(real_embedder, tmp_path):
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    kept = _said(store, ("2025-02-24T17:43:45Z", "My sister Ana got a puppy. Ana also started at Google."),
                 ("2025-02-24T17:49:32Z", "I have a new job at Iris. Please forget my old job."))
    assert [t for t in kept if "puppy" in t], kept
    store.close()


def test_a_weak_word_names_the_topic_only_when_nothing_else_does():
    from memcli.requests import topic_words

    assert topic_words("the Pruitt business") == topic_words("Pruitt")
    assert topic_words("the affair")  # "forget what I said about the affair"


def test_a_phone_number_before_a_comma_is_the_number_asked_to_forget():
    assert matches("my mobile number", "If the association ever needs to reach User, User's mobile is 07700 900481, "
                   "you can note that", 0.3)
    assert not matches("my mobile number", "User paid 1,234,567 for the house", 0.3)


def test_what_was_told_last_time_is_that_days_story_not_all_of_them(real_embedder, tmp_path):
    """"that business I told you about Ewan last time, I'd rather you didnae keep that":
    the story of the last sitting goes, what Ewan does, told a month before, stays."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store,
        ("2026-02-03T10:05:00Z", "My son Ewan skippers the Morning Star out of Fraserburgh these days."),
        ("2026-03-10T11:00:00Z", "Ewan's back on the whisky, three nights last week he went straight to the hotel "
                                 "off the boat."),
        ("2026-06-16T10:30:00Z", "Before anything else, that business I told you about Ewan last time, I'd rather "
                                 "you didnae keep that."))
    store.close()
    assert not [t for t in active if "whisky" in t], active
    assert [t for t in active if "Fraserburgh" in t], active


def test_without_an_occasion_everything_told_of_them_goes(real_embedder, tmp_path):
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store,
        ("2026-02-03T10:05:00Z", "My son Ewan skippers the Morning Star out of Fraserburgh these days."),
        ("2026-03-10T11:00:00Z", "Ewan's back on the whisky, three nights last week he went straight to the hotel."),
        ("2026-06-16T10:30:00Z", "Please forget everything I told you about Ewan."))
    store.close()
    assert not [t for t in active if "whisky" in t or "Fraserburgh" in t], active


def test_a_numbered_item_withdrawn_by_its_number_is_forgotten(real_embedder, tmp_path):
    """"I withdraw paragraph 6 in its entirety": the message that was item 6 goes, item 5 stays."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store,
        ("2025-05-12T19:35:00Z", "5. I am a solicitor in the real estate team at Harcourt Lyle LLP."),
        ("2025-05-12T19:37:54Z", "6. A colleague, Marcus, has brought an employment tribunal claim against "
                                 "the firm."),
        ("2025-05-12T19:42:00Z", "I withdraw paragraph 6 in its entirety. Please do not retain it."))
    store.close()
    assert not [t for t in active if "tribunal" in t], active
    assert [t for t in active if "Harcourt Lyle" in t], active


def test_an_item_of_a_list_withdrawn_takes_only_its_own_facts(real_embedder, tmp_path):
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store,
        ("2025-05-12T19:35:00Z", "Some particulars:\n1. I live in Moseley.\n2. My colleague Marcus is "
                                 "suing the firm at a tribunal.\n3. I am allergic to penicillin."),
        ("2025-05-12T19:42:00Z", "Please forget point 2, it was indiscreet."))
    store.close()
    assert not [t for t in active if "tribunal" in t], active
    assert [t for t in active if "Moseley" in t], active
    assert [t for t in active if "penicillin" in t], active


def test_a_number_said_of_something_else_withdraws_nothing(real_embedder, tmp_path):
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store,
        ("2025-05-12T19:35:00Z", "6. We moved to Leeds in March."),
        ("2025-05-12T19:42:00Z", "Number 6 bus is the one I take to work."))
    store.close()
    assert [t for t in active if "Leeds" in t], active


@pytest.mark.parametrize("said", [
    "ok dont save this but i called in sick on saturday to go to the festival lmaooo",
    "and uh that farm loan we're behind on don't go putting that down anywhere forget i said anything about that",
    "Off the record, my boss is leaving Pemberton in June.",
])
def test_a_message_that_asks_in_itself_not_to_be_kept_leaves_nothing(said, real_embedder, tmp_path):
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store, ("2024-07-01T09:00:00Z", "I work at the Honeybee cafe in Fitzroy."),
                   ("2024-07-02T03:19:52Z", said))
    reasons = [d.reason for d in store.decisions("user:m")]
    store.close()
    assert [t for t in active if "Honeybee" in t], active
    assert not [t for t in active if any(w in t.lower() for w in ("sick", "loan", "leaving"))], active
    assert any("not be kept" in r for r in reasons), reasons  # the log says why


def test_a_request_after_what_it_keeps_back_and_before_why():
    from memcli.requests import kept_back

    assert kept_back("i have an ACC 101 supp in April bc i failed it last sem 😩 ... actually no dont keep that, its "
                     "embarrassing, just forget i said it")


@pytest.mark.parametrize("said", ["we don't keep it anywhere near the kids, the bleach I mean",
                                 "don't keep the receipts, I never do",
                                 "The receipts? I don't keep that, it's my wife's job"])
def test_a_habit_of_keeping_is_no_request(said):
    from memcli.requests import kept_back

    assert not kept_back(said)


def test_forget_i_told_you_that_unsays_the_message_before():
    assert unsaid_before("Actually no, forget I told you that. I don't want that written down anywhere") \
        == "forget I told you that"


@pytest.mark.parametrize(("text", "topic"), [
    # the topic set up first, then "forget I ever said that"
    ("Ah listen, about Michael and the wall business, forget I ever said that to you, would you. Wipe it.",
     "Michael and the wall business"),
    ("About Jonas and the fight, please forget I ever mentioned it", "Jonas and the fight"),
    ("as for my cousin's court case, forget I said that", "my cousin's court case"),
])
def test_a_topic_set_up_before_forget_i_ever_said_that(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize("text", [
    "I never said that to you, forget it",  # no topic set up
    "About Michael, he is doing great now",  # no request
])
def test_no_topic_or_no_request_is_no_request(text):
    assert forget_requests(text) == []


def test_a_story_asked_later_to_be_forgotten_goes_when_ingested_after_the_request(real_embedder, tmp_path):
    """The request comes from a later session ingested first: the story, read afterwards,
    is forgotten as in-order ingest would; what else was said stays."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    kept = _said(store, ("2024-08-13T19:25:17Z", "Ah listen, about Michael and the wall business, forget I ever said "
                                                 "that to you, would you. Wipe it."),
                 ("2024-03-05T19:56:44Z", "My cousin Michael has a court case coming up in Castlebar over a boundary "
                                          "wall with the neighbour."),
                 ("2024-03-05T19:58:00Z", "We have six rooms at the B&B in Salthill."))
    assert not [t for t in kept if "Castlebar" in t], kept
    assert [t for t in kept if "six rooms" in t], kept
    store.close()


@pytest.mark.parametrize(("said", "topic"), [
    ("- the Kasia thing from August: forget it.", "the Kasia thing"),
    ("the thing about my brother: forget it", "my brother"),
    ("My brother: delete that", "My brother"),
])
def test_a_topic_set_before_a_colon_is_what_the_request_points_back_at(said, topic):
    assert [r.topic for r in forget_requests(said)] == [topic]


@pytest.mark.parametrize("said", ["Re the trip: forget it, we are not going", "Update: forget it, never mind"])
def test_a_shrug_after_a_colon_asks_nothing(said):
    assert forget_requests(said) == []


_KASIA = [("2025-06-10T06:40:00Z", "context: my wife Kasia is a dentist at Tannlegene Majorstuen."),
          ("2025-08-26T05:58:19Z", "private: Kasia on sick leave from Monday, burnout, 6 weeks. kids and house on me."),
          ("2025-11-04T07:12:50Z", "car: ID.Buzz, 7 seats, Kasia chose it. Tesla sold."),
          ("2025-11-04T07:15:19Z", "- the Kasia thing from August: forget it. she asked. delete.")]


@pytest.mark.parametrize("order", [[0, 1, 2, 3], [2, 3, 0, 1]])
def test_what_was_told_in_the_month_named_goes_and_the_rest_of_her_stays(real_embedder, tmp_path, order):
    """"the Kasia thing from August" is the sick leave told in August, not that she is a
    dentist nor that she chose the car; in any order of ingest."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    for i in order:
        ts, text = _KASIA[i]
        ingest(store, "user:k", [Message(role="user", content=text, ts=ts, ref=f"r{i}")], source=f"s{i}")
    active = [m.text for m in store.list_memories("user:k")]
    store.close()
    assert not [t for t in active if "burnout" in t], active
    assert [t for t in active if "dentist" in t], active
    assert [t for t in active if "ID.Buzz" in t], active


@pytest.mark.parametrize(("said", "topic"), [
    ("Ce que j'ai dit sur Mehdi et le visa, oublie ça stp", "Mehdi et le visa"),
    ("lo que te dije de mi sueldo, olvídalo", "mi sueldo"),
    ("what I said about the divorce, forget it", "the divorce"),
])
def test_what_was_told_set_before_a_comma_is_the_topic_in_the_languages_users_mix_in(said, topic):
    assert [r.topic for r in forget_requests(said)] == [topic]


@pytest.mark.parametrize(("said", "unsaid"), [("bórralo porfa", True), ("olvídalo, no importa", False),
                                              ("oublie ça, pas grave", False), ("oublie ça stp", True)])
def test_a_joined_spanish_request_unsays_and_a_shrug_in_another_language_does_not(said, unsaid):
    assert (unsaid_before(said) is not None) is unsaid


def test_we_written_as_user_and_family_is_no_family_named():
    assert not matches("that family", "User and family live out at Fordell on a lifestyle block", 0.5)
    assert matches("that family", "one of their families is going through a custody fight", 0.5)  # families: family


def test_a_telling_named_that_matches_nothing_yet_keeps_the_message_before(real_embedder, tmp_path):
    """"forget what I said about that family and the court stuff" names a telling of its own;
    the message said minutes before (a new deputy principal) is no part of it."""
    from memcli.api import MemoryStore

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _said(store, ("2025-10-13T03:50:00Z", "hi it's me driving home, Sione's first week as DP has been ka pai, "
                                                   "the kids already love him"),
                   ("2025-10-13T03:55:17Z", "the RAV4 is a dream, and can you forget what I said about that family and "
                                            "the court stuff, I shouldn't have told you about it, please don't keep it"))
    store.close()
    assert [t for t in active if "Sione" in t], active


@pytest.mark.parametrize(("topic", "memory", "want"), [
    # someone said by what they are: a memory naming someone else, not the user's own
    ("the committee man", "Gareth from the committee was caught fiddling the books", True),
    ("the committee man", "User is on the committee", False),
    ("that woman from the choir", "User sings in the choir on Thursdays", False),
    ("that woman from the choir", "Marjorie from the choir has been spreading rumours about the vicar", True),
    # ... and never by the word for a person alone
    ("the girl", "The Ellsworths went over to that young vet Dr Haskell out of Kaycee", False),
    ("the girl", "Wade's sleeping in his own bed since he started on the road and bridge crew", False),
    # one role by another of its words
    ("my coworker and HR", "A colleague of User's reported Dan to HR", True),
    ("my coworker and HR", "User's sister works in HR", False),
])
def test_someone_said_by_what_they_are_or_by_another_word_for_their_role(topic, memory, want):
    assert matches(topic, memory, 0.3) is want


@pytest.mark.parametrize(("text", "topic"), [
    # a message typed for someone else, what she told
    ("nani says: please forget what she told you about Pinky's in-laws", "Pinky's in-laws"),
    ("don't hold onto what I told you about the committee man", "the committee man"),
    ("Ignore what I told you about Simran's boyfriend, she will kill me.", "Simran's boyfriend"),
    # what was told by any word for it
    ("Abeg, forget that gist I told you about Tolu's landlord.", "Tolu's landlord"),
    ("please forget the news I mentioned about Rhodri, it's not official", "Rhodri"),
    # asked in other words: not needing, rather not, wanted by someone, pretending, where it is kept
    ("Can you wipe the bit where I talked about Gareth?", "Gareth"),
    ("you don't need to remember the stuff about my coworker", "my coworker"),
    ("It would be better if you did not keep what I said about Mrs. Bains.", "Mrs. Bains"),
    ("Could you please remove from your memory what I said about Olivier's separation?", "Olivier's separation"),
    ("Nani wants you to forget about Pinky's in-laws", "Pinky's in-laws"),
    ("Let's pretend I never told you about Simran's boyfriend.", "Simran's boyfriend"),
])
def test_more_ways_of_asking_to_forget_name_their_topic(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize("text", ["ignore the noise outside", "I shouldn't have told you that, forget it",
                                  "just ignore my typos lol", "let's forget about work for a bit",
                                  "I never told you about my trip, did I?", "I want you to remember this",
                                  "you don't need to remember to call, I will"])
def test_ignoring_a_thing_or_a_regret_alone_is_no_request(text):
    assert forget_requests(text) == []


_STORY = "the couple in room two and what Dawn found in the bin"


@pytest.mark.parametrize(("memory", "want"), [
    ("The couple in room two during the week of 2024-11-18, signed in as Mr and Mrs Fairbairn, well Dawn found a "
     "prescription bag in the bin with a different surname on it", True),
    # two words of a long topic are not the story: what else was said of the rooms and of Dawn stays
    ("Janice's niece Dawn does the rooms of a morning since the fourth", False),
    ("User runs Sea Holly House, a bed and breakfast in Whitby, four letting rooms and the bins out on a Tuesday", False),
])
def test_a_long_topic_takes_half_its_words_or_more(memory, want):
    assert matches(_STORY, memory, 0.3) is want


def test_two_words_of_a_short_topic_still_suffice():
    assert matches("my old address in roma norte", "User lives on Calle Colima in Roma Norte", 0.2)


@pytest.mark.parametrize(("text", "topic"), [
    ("One further matter. I ask that you not retain what I told you about the council member who rode in my cab.",
     "the council member who rode in my cab"),
    ("I would ask that you do not keep the part about my debts.", "my debts"),
])
def test_a_formal_request_not_to_retain(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize(("text", "topic"), [
    # verbs of getting rid of a thing, of what was said only
    ("Can you scrub out what I said about my ex?", "my ex"),
    ("You can bin that info about Dave", "Dave"),
    ("Please lose the bit about my ex", "my ex"),
    ("Get rid of what I said about Tomasz", "Tomasz"),
    ("Throw out what I said about the promotion", "the promotion"),
    # keeping said in other words
    ("Please don't hang on to the stuff about my sister's divorce", "my sister's divorce"),
    ("Don't note down what I said about my boss", "my boss"),
    ("Don't write down anything about my sister's health", "my sister's health"),
    ("No need to hang onto the thing about my cousin", "my cousin"),
    # asked as a wish
    ("I'd like you to forget the part about my neighbour", "my neighbour"),
    ("I'd rather you forgot about the loan thing", "the loan thing"),
    ("Remove the part where I mentioned my ex-husband", "my ex-husband"),
    ("Regarding what I wrote some weeks ago concerning my brother-in-law's finances: kindly disregard it.",
     "my brother-in-law's finances"),
])
def test_yet_more_ways_of_asking_to_forget(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize("text", ["I need to lose weight", "get rid of the old sofa", "throw out the old milk",
                                  "so forgot my keys lol", "I forgot about the loan thing", "we chucked the old tv",
                                  "you can bin the receipts", "ditch the car and take the bus",
                                  "don't hang on to the rail", "don't hold on to the rail"])
def test_getting_rid_of_things_is_no_request(text):
    assert forget_requests(text) == []


@pytest.mark.parametrize(("text", "topic"), [
    ("Keep my sister's diagnosis out of your memory.", "my sister's diagnosis"),
    ("leave my brother's divorce out of your notes", "my brother's divorce"),
    ("Wipe the note on my brother's arrest.", "my brother's arrest"),
    ("Please remove the details about my old flat", "my old flat"),
    ("Don't hang onto my ex's number", "my ex's number"),
])
def test_kept_out_of_the_notes_and_what_a_note_is_on(text, topic):
    assert [r.topic for r in forget_requests(text)] == [topic]


@pytest.mark.parametrize("text", ["keep the dog out of the kitchen", "leave it out of the fridge"])
def test_kept_out_of_a_room_is_no_request(text):
    assert forget_requests(text) == []


def test_that_bit_said_back_in_a_month_abt_someone_is_a_request_with_its_topic():
    got = forget_requests("n dont keep that bit i said back in june abt steve n how he pays the summer lads, dont want "
                          "him in bother even tho i left")
    assert [r.topic for r in got] == ["steve n how he pays the summer lads"]


def test_a_request_run_on_after_its_topic_keeps_when_it_was_told():
    got = forget_requests("and that thing about Larry and his money trouble I said back in the spring scratch that "
                          "it's his business not mine")
    assert [r.topic for r in got] == ["Larry and his money trouble"] and "back in the spring" in got[0].clause


def test_what_was_told_in_the_month_named_goes_but_not_what_shares_only_a_season_or_a_passing_word(real_embedder,
                                                                                                     tmp_path):
    """June's note of how Steve pays the summer lads goes; "3 pasties a day in summer", told
    in June too, stays (the season is no word of the story); so does "many of our families
    trust him", told in June beside "the family in building four" that goes."""
    from memcli.api import MemoryStore
    from memcli.ingest import Message, ingest

    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:w", [Message(role="user", content="btw steve who owns tubes pays all the summer lads cash in hand. "
                                     "i eat literally anything, like 3 pasties a day in summer.", ts="2025-06-11T19:48:00Z",
                                     ref="")], source="s1")
    ingest(store, "user:w", [Message(role="user", content="Sheikh Abdullahi has served as imam at Masjid Al-Nur for twenty "
                                     "years, and many of our families trust him. One family in building four has a father "
                                     "who is undocumented.", ts="2025-06-15T10:00:00Z", ref="")], source="s2")
    ingest(store, "user:w", [Message(role="user", content="n dont keep that bit i said back in june abt steve n how he pays "
                                     "the summer lads. Regarding the family in building four whom I mentioned in June, "
                                     "please remove that from your memory.", ts="2025-11-19T19:14:00Z", ref="")], source="s3")
    kept = " | ".join(m.text for m in store.list_memories("user:w"))
    assert "cash in hand" not in kept and "undocumented" not in kept, kept
    assert "pasties" in kept and "imam" in kept, kept
    store.close()


@pytest.mark.parametrize(("said", "topics"), [
    ("That carry-on wi' Brenda's lad I telt ye aboot back in March, hoy it in the bin, pet.", ["carry-on wi' Brenda's lad"]),
    ("them tablets I was pinchin' off wor Michelle, I'd rather ye didn't remember that at all.",
     ["them tablets I was pinchin' off our Michelle"]),
    ("The Baba Yao engine loan, leave that out of your notes, ni mambo yangu na Wambui tu.", ["The Baba Yao engine loan"]),
    ("and the Hendersons are back so you don't need to be hanging on to their gate code no more", ["their gate code"]),
    ("Et le truc sur ma médication, efface-le, je préfère que ce soit noté nulle part.", ["ma médication"]),
    ("1) Old Sandnes address — delete that please. 2) Note from May regarding colleague on sick leave: not for storage.",
     ["Old Sandnes address", "Note from May regarding colleague on sick leave"]),
    ("canny u no hing on tae the stuff aboot ma brer n the coort, he's sortin himsel oot", ["my brother n the court"]),
    ("That matter of the shoe seller wey I tell you before, comot am from your head.", ["the shoe seller"]),
    ("rm the stuff re my ex pls, dont need him livin rent free in ur memory", ["my ex"]),
    ("Uy, yung kwento ko tungkol kay Ate Joy at sa pera niya, paki-delete na.", ["Ate Joy at sa pera niya"]),
    ("please unremember the thing about Karen", ["Karen"]),
    ("allo! Maude est revenue hier soir. Ce que je t'ai dit la dernière fois à propos d'elle, oublie ça stp", ["Maude"]),
])
def test_forget_said_in_a_dialect_a_list_or_a_language_mixed_in(said, topics):
    assert [r.topic for r in forget_requests(said)] == topics


@pytest.mark.parametrize("said", [
    "the trip, forget it, we're not going",
    "the receipt, bin it",
    "the stain, remove it with vinegar",
    "the closing is june 12th, wait, strike that, june 19th",
    "put it in the bin when you're done",
])
def test_a_thing_set_before_a_shrug_or_a_chore_is_no_request(said):
    assert forget_requests(said) == []


@pytest.mark.parametrize(("memory", "taken"), [
    ("Potin, tu peux pas répéter ça: Maude sort en cachette avec son prof de socio", True),
    ("Maude is back from Québec", True),
    ("User and Maude went to the bar", True),
    ("J'habite dans un 5 1/2 sur la rue Saint-Denis avec deux colocs, Maude pis Yasmine", False),
    ("User lives on Saint-Denis with Maude and Yasmine", False),
])
def test_a_person_pointed_at_by_a_pronoun_takes_what_is_said_of_them_not_the_users_own_facts(memory, taken):
    from memcli.requests import of_person_asked

    clause = "Ce que je t'ai dit la dernière fois à propos d'elle, oublie ça stp"
    assert of_person_asked("Maude", clause, memory) is taken
    assert of_person_asked("Maude", "forget everything about Maude", memory)  # named by the user: all of it
