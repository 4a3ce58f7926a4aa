"""Lesson files and links: numeric questions, give-away labels and the summary line."""

import pytest

import explorer.lesson_files
from explorer.lesson_files import decode_lesson, encode_lesson, load_lesson, parse_lesson

PAGES = ["home", "explore"]


def lesson(question):
    return {"title": "T", "summary": "What it teaches.",
            "steps": [{"page": "explore", "prompt": "Look.", "question": question}]}


def test_a_numeric_question_and_its_hidden_numbers_travel_in_a_link():
    parsed = parse_lesson(lesson({"text": "How many clusters?", "answer": 2.5,
                                  "hides": ["Clusters"]}), PAGES)
    question = parsed.steps[0].question
    assert question.numeric and question.answer == 2.5 and question.hides == ("Clusters",)
    assert parsed.summary == "What it teaches."
    assert decode_lesson(encode_lesson(parsed), PAGES) == parsed


@pytest.mark.parametrize(("question", "says"), [
    ({"text": "Q", "answer": float("nan")}, "finite number"),
    ({"text": "Q", "answer": "two"}, "finite number"),
    ({"text": "Q", "options": ["a"], "answer": 0}, "2 to 6 options"),
    ({"text": "Q", "options": ["a", "b"], "answer": 2}, "index of one option"),
    ({"text": "Q", "options": ["a", "b"], "answer": 0, "hides": "ARI"}, "hides"),
])
def test_a_bad_question_is_refused_with_the_reason(question, says):
    with pytest.raises(ValueError, match=says):
        parse_lesson(lesson(question), PAGES)


def test_a_lesson_file_is_parsed_once_and_again_once_it_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(explorer.lesson_files, "LESSON_DIR", tmp_path)
    file = tmp_path / "demo.toml"
    step = '[[steps]]\npage = "home"\nprompt = "Look."\n'
    file.write_text(f'title = "First"\n{step}')
    first = load_lesson("demo", PAGES)
    assert first.title == "First" and load_lesson("demo", PAGES) is first
    file.write_text(f'title = "Second"\n{step}{step}')
    second = load_lesson("demo", PAGES)
    assert (second.title, len(second.steps)) == ("Second", 2)
    file.unlink()
    with pytest.raises(ValueError, match="no lesson named 'demo'"):
        load_lesson("demo", PAGES)
