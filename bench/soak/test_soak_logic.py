#!/usr/bin/env python3
"""Unit tests of the soak's pure parts: the checks must catch what they are
for (a lost, doubled or unasked-for answer, an alert answered twice or never,
a menu never closed, memory or files growing, a plugin given up).
Standard library only: python3 bench/soak/test_soak_logic.py
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import expectations as expect  # noqa: E402
from burst import Burst  # noqa: E402
from crash_schedule import CrashSchedule  # noqa: E402
from hostile import PacedKeyboards, back_after, percentile, problems  # noqa: E402
from key_chooser import KeyChooser  # noqa: E402
from modal_ledger import ModalLedger  # noqa: E402
from request_book import RequestBook  # noqa: E402
from resource_series import ResourceSeries, Sample  # noqa: E402


class Phase:
    stopping = False


class RequestBookTests(unittest.TestCase):
    def book(self, reuse_ids=False):
        return RequestBook("c", Phase(), reuse_ids)

    def test_one_answer_per_request_is_fine(self):
        book = self.book()
        book.sent(book.next_id(), "hello", None, None)
        book.answered(1, {"id": 1, "result": {}})
        self.assertEqual(book.problems, [])

    def test_a_second_answer_is_a_problem(self):
        book = self.book()
        book.sent(book.next_id(), "hello", None, None)
        book.answered(1, {"id": 1, "result": {}})
        book.answered(1, {"id": 1, "result": {}})
        self.assertIn("not waiting", book.problems[0])

    def test_an_answer_nobody_asked_for_is_a_problem(self):
        book = self.book()
        book.answered(7, {"id": 7, "result": {}})
        self.assertEqual(len(book.problems), 1)

    def test_the_daemon_closing_with_answers_due_loses_them(self):
        book = self.book()
        book.sent(book.next_id(), "alert.show", {}, None)
        book.connection_ended()
        self.assertTrue(any("unanswered" in problem for problem in book.problems))
        self.assertTrue(any("while running" in problem for problem in book.problems))

    def test_closing_ourselves_forfeits_without_a_problem(self):
        book = self.book()
        book.sent(book.next_id(), "alert.show", {}, None)
        book.closed_by_client()
        book.connection_ended()
        self.assertEqual((book.problems, book.forfeited), ([], 1))

    def test_null_id_errors_must_be_expected(self):
        book = self.book()
        book.expect_null_error(-32700)
        book.null_error({"id": None, "error": {"code": -32700}})
        self.assertEqual(book.problems, [])
        book.null_error({"id": None, "error": {"code": -32700}})
        self.assertEqual(len(book.problems), 1)

    def test_a_wrong_answer_names_the_method(self):
        book = self.book()
        book.sent(book.next_id(), "state.get", None, expect.has_members("stack"))
        book.answered(1, {"id": 1, "result": {"nope": 1}})
        self.assertIn("state.get", book.problems[0])

    def test_reused_ids_are_the_smallest_free(self):
        book = self.book(reuse_ids=True)
        book.sent(book.next_id(), "a", None, None)
        book.sent(book.next_id(), "b", None, None)
        book.answered(1, {"id": 1, "result": {}})
        self.assertEqual(book.next_id(), 1)


class ExpectationTests(unittest.TestCase):
    def test_alert_answers(self):
        seen = []
        check = expect.alert_answer(["No", "Yes"], 0, seen.append)
        self.assertIsNone(check({"result": {"button": 1, "title": "Yes", "reason": "key"}}))
        self.assertIsNotNone(check({"result": {"button": 1, "title": "No", "reason": "key"}}))
        self.assertIsNotNone(check({"result": {"button": 1, "title": "Yes", "reason": "timeout"}}))
        self.assertIsNotNone(check({"result": {"button": 0, "title": "No", "reason": "dismissed"}}))
        self.assertIsNotNone(check({"error": {"code": -32602, "message": "x"}}))
        self.assertEqual(len(seen), 1)

    def test_errors_need_code_field_and_message(self):
        check = expect.expect_error(-32602, "title")
        self.assertIsNone(check({"error": {"code": -32602, "message": "m", "data": {"field": "title"}}}))
        self.assertIsNotNone(check({"error": {"code": -32602, "message": "m"}}))
        self.assertIsNotNone(check({"error": {"code": -32600, "message": "m", "data": {"field": "title"}}}))


class ModalLedgerTests(unittest.TestCase):
    def test_a_complete_run_has_no_problems(self):
        ledger = ModalLedger()
        ledger.alert_shown({"id": "alert-1", "title": "A"})
        ledger.alert_answered({"id": "alert-1", "reason": "key", "button": 0, "owner": "client:1"})
        ledger.alert_answered({"id": "alert-2", "reason": "dismissed", "button": None, "owner": "client:1"})
        ledger.menu_opened({"id": "menu-1"})
        ledger.menu_selected({"id": "menu-1"})
        ledger.menu_selected({"id": "menu-1"})
        ledger.menu_closed({"id": "menu-1"})
        self.assertEqual(ledger.finish(), [])

    def test_an_alert_answered_twice(self):
        ledger = ModalLedger()
        ledger.alert_shown({"id": "alert-1"})
        ledger.alert_answered({"id": "alert-1", "reason": "key"})
        ledger.alert_answered({"id": "alert-1", "reason": "dismissed"})
        self.assertTrue(any("twice" in problem for problem in ledger.finish()))

    def test_a_missing_alert_number(self):
        ledger = ModalLedger()
        ledger.alert_answered({"id": "alert-1", "reason": "dismissed"})
        ledger.alert_answered({"id": "alert-3", "reason": "dismissed"})
        self.assertEqual(ledger.finish(), ["alert-2 never answered (never seen at all)"])

    def test_an_unshown_alert_can_only_be_dismissed(self):
        ledger = ModalLedger()
        ledger.alert_answered({"id": "alert-1", "reason": "key"})
        self.assertEqual(len(ledger.finish()), 1)

    def test_a_menu_left_open(self):
        ledger = ModalLedger()
        ledger.menu_opened({"id": "menu-1"})
        self.assertEqual(ledger.finish(), ["menu-1 never closed"])


class ResourceSeriesTests(unittest.TestCase):
    def series(self, rss, fds=None):
        series = ResourceSeries()
        for index, value in enumerate(rss):
            series.add(Sample(index * 5, value, (fds or [100] * len(rss))[index], 80, 4, 0))
        return series

    def test_flat_passes(self):
        problems, figures = self.series([20000] * 4 + [21000, 20500] * 10).verdict(15)
        self.assertEqual(problems, [])
        self.assertEqual(figures["rss_warmup_kb"], 20000)

    def test_a_jump_fails(self):
        problems, _ = self.series([20000] * 4 + [20000] * 10 + [25000]).verdict(15)
        self.assertTrue(any("RSS grew" in problem for problem in problems))

    def test_a_slow_leak_fails_by_its_trend(self):
        # 600 kB/min: what the selector-name leak did under the soak's load
        problems, _ = self.series([20000] * 4 + [20000 + 50 * step for step in range(40)]).verdict(15)
        self.assertTrue(any("trends upwards" in problem for problem in problems), problems)

    def test_the_allocators_creep_passes(self):
        # 100 kB/min, in steps: what a leak-free keymenud did under the soak's load
        problems, figures = self.series([20000] * 4 + [20000 + 100 * (step // 12) for step in range(40)]).verdict(15)
        self.assertEqual(problems, [])
        self.assertLess(figures["rss_slope_kb_per_minute"], 256)

    def test_one_late_step_is_no_trend(self):
        problems, _ = self.series([20000] * 4 + [20000] * 30 + [21000] * 4).verdict(15)
        self.assertEqual(problems, [])

    def test_leaking_files_fails(self):
        problems, _ = self.series([20000] * 20, [100] * 4 + [100 + step for step in range(16)]).verdict(15)
        self.assertTrue(any("open files" in problem for problem in problems))

    def test_too_few_samples_is_a_problem(self):
        problems, _ = self.series([20000] * 5).verdict(15)
        self.assertTrue(problems)


class BurstTests(unittest.TestCase):
    """The burst's verdict on VmRSS readings after it (kB every 0.1 s)."""

    def judged(self, readings, dropped=50, idle=20000):
        burst = Burst(context=None, daemon=None, subscribers=50)
        burst.idle_kb, burst.dropped = idle, dropped
        burst.after = [(index / 10, kb) for index, kb in enumerate(readings)]
        burst.judge()
        return burst.problems

    def test_back_within_a_mebibyte_in_time_passes(self):
        self.assertEqual(self.judged([90000] * 15 + [20900] * 85), [])

    def test_memory_kept_fails(self):
        self.assertIn("not back within 1024 KiB", self.judged([90000] * 15 + [21200] * 85)[0])

    def test_back_too_late_fails(self):
        self.assertIn("within 5 s", self.judged([90000] * 60 + [20100] * 40)[0])

    def test_back_then_up_again_fails(self):
        self.assertIn("rose again", self.judged([90000] * 15 + [20100] * 40 + [23000] * 45)[0])

    def test_a_stalled_subscriber_not_dropped_fails(self):
        self.assertIn("dropped 49 clients", self.judged([20000] * 100, dropped=49)[0])


class CrashScheduleTests(unittest.TestCase):
    def test_never_five_failures_in_a_row(self):
        schedule = CrashSchedule()
        failures = 0
        for run in range(40):
            failures = 1 if schedule.lifetime(run) >= 60 else failures + 1
            self.assertLess(failures, 5)

    def test_every_mode_comes_and_crashes_come_about_twice_a_minute(self):
        schedule = CrashSchedule()
        self.assertEqual({schedule.mode(run) for run in range(4)}, {"exit", "kill", "abort", "hang"})
        self.assertEqual(schedule.expected_crashes(3), 0)
        self.assertEqual(schedule.expected_crashes(5), 1)
        self.assertIn(schedule.expected_crashes(320), range(8, 11))


class KeyChooserTests(unittest.TestCase):
    def test_every_press_is_released_and_the_seed_decides(self):
        codes = {name: number for number, name in enumerate(
            ["KEY_ENTER", "KEY_KPENTER", "KEY_ESC", "KEY_UP", "KEY_DOWN", "KEY_LEFT", "KEY_RIGHT", "KEY_TAB",
             "KEY_HOME", "KEY_END", "KEY_PAGEUP", "KEY_PAGEDOWN", "KEY_BACKSPACE", "KEY_OK", "KEY_BACK",
             "KEY_EXIT", "KEY_SELECT", "KEY_LEFTSHIFT", "KEY_LEFTCTRL", "KEY_LEFTALT", "KEY_F5", "KEY_MENU"]
            + [f"KEY_{c}" for c in "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"], start=1)}
        first, second = KeyChooser(codes, 7), KeyChooser(codes, 7)
        for _ in range(2000):
            press = first.next()
            self.assertEqual(press, second.next())
            downs = sorted(code for kind, code, value in press[1] if kind == 1 and value == 1)
            ups = sorted(code for kind, code, value in press[1] if kind == 1 and value == 0)
            self.assertEqual(downs, ups)


class HostileTests(unittest.TestCase):
    CEILING = 128 * 1024

    def figures(self, **changes):
        figures = {
            "peak_kb": 100 * 1024, "idle_kb": 12 * 1024, "root_ms": [1.0] * 99 + [40.0],
            "keys_written": 500, "keys_seen": 500, "subscriber": {"subscribed": True, "closed_by_daemon": False},
            "idle_anon_kb": 12 * 1024,
            "after_anon": [(0.5, 40 * 1024), (2.0, 12 * 1024 + 500), (15.0, 12 * 1024 + 200)],
        }
        figures.update(changes)
        return figures

    def test_percentile_is_nearest_rank(self):
        self.assertEqual(percentile(list(range(1, 101)), 0.99), 99)
        self.assertEqual(percentile(list(range(1, 101)), 0.5), 50)
        self.assertEqual(percentile([7.0], 0.99), 7.0)
        self.assertIsNone(percentile([], 0.5))
        # one slow answer in 100 is the p99 only when it is the 99th
        self.assertEqual(percentile([1.0] * 99 + [500.0], 0.99), 1.0)
        self.assertEqual(percentile([1.0] * 98 + [500.0, 500.0], 0.99), 500.0)

    def test_a_phase_within_every_bound_passes(self):
        self.assertEqual(problems(self.figures(), self.CEILING), [])

    def test_memory_above_the_ceiling_fails(self):
        found = problems(self.figures(peak_kb=129 * 1024), self.CEILING)
        self.assertEqual(len(found), 1)
        self.assertIn("ceiling", found[0])

    def test_root_starved_fails(self):
        found = problems(self.figures(root_ms=[1.0] * 95 + [150.0] * 5), self.CEILING)
        self.assertEqual(len(found), 1)
        self.assertIn("p99 150.0 ms", found[0])
        self.assertIn("no answer", problems(self.figures(root_ms=[]), self.CEILING)[0])
        # make test-hostile prints the latency and does not check it; no answer at all still fails
        self.assertEqual(problems(self.figures(root_ms=[1.0] * 95 + [150.0] * 5), self.CEILING, p99_limit_ms=None), [])
        self.assertIn("no answer", problems(self.figures(root_ms=[]), self.CEILING, p99_limit_ms=None)[0])

    def test_a_lost_key_fails(self):
        found = problems(self.figures(keys_seen=499), self.CEILING)
        self.assertEqual(found, ["hostile: 1 of 500 key events written were not read by keymenud "
                                 "(the keys topic never sent them)"])

    def test_the_subscriber_disconnected_fails(self):
        for subscriber in ({"subscribed": True, "closed_by_daemon": True},
                           {"subscribed": True, "disconnected": {"reason": "slow-reader"}},
                           {"subscribed": False}):
            self.assertEqual(len(problems(self.figures(subscriber=subscriber), self.CEILING)), 1, subscriber)

    def test_memory_kept_or_back_late_or_rising_again_fails(self):
        kept = [(seconds, 20 * 1024) for seconds in (1, 5, 15)]
        self.assertIn("not back", problems(self.figures(after_anon=kept), self.CEILING)[0])
        late = [(1, 20 * 1024), (11, 12 * 1024), (15, 12 * 1024)]
        self.assertIn("not back", problems(self.figures(after_anon=late), self.CEILING)[0])
        again = [(1, 12 * 1024), (15, 14 * 1024)]
        self.assertIn("rose again", problems(self.figures(after_anon=again), self.CEILING)[0])
        self.assertEqual(back_after(late, 12 * 1024, 1024), 11)
        self.assertIsNone(back_after(kept, 12 * 1024, 1024))

    def test_keys_wait_while_keymenud_is_behind(self):
        class Keyboards:
            codes = {}

            def room(self, device):
                return True

        class Counter:
            keys_seen = 0
        counter, tally = Counter(), {"key events written": 1000}
        paced = PacedKeyboards(Keyboards(), counter, tally, 900)
        self.assertFalse(paced.room(3))          # 100 written, none read
        counter.keys_seen = 40
        self.assertTrue(paced.room(3))           # 60 behind


class HostileExcuseTests(unittest.TestCase):
    """What a coalesced observer missed of the hostile phase's objects is
    excused, and only that."""

    def ledger_with_a_gap(self):
        ledger = ModalLedger()
        ledger.alert_shown({"id": "alert-1", "title": "a"})
        ledger.alert_answered({"id": "alert-1", "reason": "key", "owner": "client:1"})
        ledger.excuse_from_now()
        ledger.menu_selected({"id": "menu-1"})  # opened while the observer was coalesced
        ledger.menu_closed({"id": "menu-1"})
        ledger.alert_answered({"id": "alert-3", "reason": "escape", "owner": "client:1"})  # shown meanwhile
        ledger.excuse_until_next()
        ledger.alert_shown({"id": "alert-5", "title": "after"})
        ledger.alert_answered({"id": "alert-5", "reason": "key", "owner": "client:1"})
        ledger.menu_opened({"id": "menu-2"})
        ledger.menu_closed({"id": "menu-2"})
        return ledger

    def test_the_phase_s_objects_are_excused_when_the_observer_was_coalesced(self):
        self.assertEqual(self.ledger_with_a_gap().finish(excuse=True), [])

    def test_without_coalescing_the_gap_is_a_problem(self):
        problems = self.ledger_with_a_gap().finish()
        self.assertIn("menu-1 closed but never opened", problems)
        self.assertIn("menu-1: item chosen in a menu never opened", problems)
        self.assertIn("alert-3 was never shown but answered with reason escape", problems)
        self.assertIn("alert-2 never answered (never seen at all)", problems)

    def test_objects_made_after_the_phase_are_checked_as_ever(self):
        ledger = self.ledger_with_a_gap()
        ledger.alert_shown({"id": "alert-7", "title": "late"})
        self.assertEqual(ledger.finish(excuse=True), ["alert-6 never answered (never seen at all)",
                                                      "alert-7 never answered (shown)"])


if __name__ == "__main__":
    unittest.main()
