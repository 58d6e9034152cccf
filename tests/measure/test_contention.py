"""Contention signals read from constructed /proc text, and the one threshold that judges them."""

from __future__ import annotations

import time

import pytest

from benchit.measure import contention
from benchit.measure.contention import CpuTimes, Judge, Reading, Snapshot, between

STAT = """cpu  224579 2277 46861 189909 1521 0 217 {steal} 100 0
cpu0 99978 907 21863 109403 396 0 47 120 0 0
intr 1234 0 0
ctxt 99999
procs_running {running}
procs_blocked 0
"""
PRESSURE = """some avg10=9.53 avg60=8.63 avg300=14.16 total={total}
full avg10=0.00 avg60=0.00 avg300=0.00 total=0
"""


def test_parse_stat() -> None:
    times = contention.parse_stat(STAT.format(steal=239, running=3))
    assert times == CpuTimes(total=224579 + 2277 + 46861 + 189909 + 1521 + 0 + 217 + 239, steal=239, running=3)
    # guest time (counted in user already) is not added twice; a kernel without steal has none
    assert contention.parse_stat("cpu 10 0 10 80\n") == CpuTimes(total=100, steal=0, running=None)
    assert contention.parse_stat("nothing here\n") is None
    assert contention.parse_stat("cpu 1 x 3\n") is None


def test_parse_pressure() -> None:
    assert contention.parse_pressure(PRESSURE.format(total=587765292)) == 587765292
    assert contention.parse_pressure("full avg10=0.00 total=5\n") is None  # no "some" line
    assert contention.parse_pressure("") is None


def test_parse_task_state_reads_after_the_command_name() -> None:
    assert contention.parse_task_state("1234 (python) R 1 1234 1234 0") == "R"
    assert contention.parse_task_state("1234 (a) b (c) S 1 1234") == "S"  # a name with ") " in it
    assert contention.parse_task_state("") == ""


def snap(
    t: float, wait_ms: float | None, total: int, steal: int, pressure_us: int | None, others: int | None
) -> Snapshot:
    cpu = CpuTimes(total=total, steal=steal, running=None)
    return Snapshot(t, None if wait_ms is None else int(wait_ms * 1e6), cpu, pressure_us, others)


def test_between_gives_fractions_of_the_interval() -> None:
    a = snap(10.0, 0, total=1000, steal=10, pressure_us=5_000_000, others=0)
    b = snap(10.5, 250, total=1100, steal=30, pressure_us=5_150_000, others=2)  # 0.5 s later
    reading = between(a, b, threads=2)
    assert reading.cpu_wait_fraction == pytest.approx(0.25)  # 0.25 s waited of 2 threads x 0.5 s
    assert reading.steal_fraction == pytest.approx(0.2)  # 20 of 100 jiffies
    assert reading.cpu_pressure == pytest.approx(0.3)  # 0.15 s of 0.5 s
    assert reading.runnable_others == pytest.approx(1.0)
    assert reading.evidence() == {
        "cpu_wait_fraction": 0.25,
        "steal_fraction": 0.2,
        "runnable_others": 1.0,
        "cpu_pressure": 0.3,
    }


def test_readings_add_up_weighted_by_time() -> None:
    quiet = Reading(wall_s=0.9, wait_s=0.0, thread_s=0.9, steal=0, jiffies=90, pressure_s=0.0)
    busy = Reading(wall_s=0.1, wait_s=0.1, thread_s=0.1, steal=10, jiffies=10, pressure_s=0.1)
    total = quiet + busy
    assert total.cpu_wait_fraction == pytest.approx(0.1)
    assert total.steal_fraction == pytest.approx(0.1)
    assert total.cpu_pressure == pytest.approx(0.1)


def test_missing_signals_are_never_judged() -> None:
    a = Snapshot(0.0, None, None, None, None)
    reading = between(a, Snapshot(1.0, None, None, None, None), threads=4)
    assert reading.evidence() == {}
    assert Judge(0.1, 4, 4).reason(reading) is None
    assert Judge(0.1, 4, 4).reason(reading, idle=True) is None


@pytest.mark.parametrize(
    ("reading", "reason"),
    [
        (Reading(wall_s=1.0, wait_s=1.22, thread_s=2.0), "busy: 61% CPU wait"),
        (Reading(wall_s=1.0, wait_s=0.1, thread_s=2.0), None),  # 5%: under the threshold
        (Reading(wall_s=1.0, steal=15, jiffies=100), "busy: 15% CPU steal"),
        (Reading(wall_s=1.0, pressure_s=0.35), "busy: 35% CPU pressure"),
        (Reading(wall_s=1.0, pressure_s=0.1), None),  # at the threshold is not past it
    ],
)
def test_the_threshold_judges_each_signal(reading: Reading, reason: str | None) -> None:
    assert Judge(0.1, threads=2, cpus=2).reason(reading) == reason


def test_steal_is_judged_less_the_tick_the_counter_may_have_crossed() -> None:
    judge = Judge(0.1, threads=2, cpus=2)
    # a 50 ms block on 2 CPUs spans 10 ticks: one stolen tick may be a few microseconds of steal
    assert judge.reason(Reading(wall_s=0.05, steal=1, jiffies=10)) is None
    assert judge.reason(Reading(wall_s=0.05, steal=2, jiffies=10)) is None  # at least 10%: not past it
    assert judge.reason(Reading(wall_s=0.05, steal=3, jiffies=10)) == "busy: 30% CPU steal"
    # the evidence a result keeps is what the counter said
    assert Reading(wall_s=0.05, steal=1, jiffies=10).evidence() == {"steal_fraction": 0.1}


def test_a_short_reading_is_judged_over_the_idle_window() -> None:
    judge = Judge(0.1, threads=2, cpus=2)
    # a fast model's 0.1 s warm-up that met a 25 ms burst: 12.5% of its time, 5% of the window
    burst = Reading(wall_s=0.1, wait_s=0.025, thread_s=0.2, steal=3, jiffies=20, pressure_s=0.012)
    assert judge.reason(burst) == "busy: 12% CPU wait"
    stretched = burst.over(contention.IDLE_WINDOW_S)
    assert stretched.wall_s == contention.IDLE_WINDOW_S and stretched.jiffies == 50
    assert stretched.cpu_wait_fraction == pytest.approx(0.05) and judge.reason(stretched) is None
    # a machine that stays busy is busy over any window, and a long reading is judged as it is
    busy = Reading(wall_s=0.1, wait_s=0.1, thread_s=0.2)
    assert judge.reason(busy.over(contention.IDLE_WINDOW_S)) == "busy: 20% CPU wait"
    long = Reading(wall_s=1.0, wait_s=0.3, thread_s=2.0)
    assert long.over(contention.IDLE_WINDOW_S) is long


def test_one_burst_in_a_round_does_not_make_the_next_round_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    def blocks(busy: int) -> list[Snapshot]:
        """A round of 10 blocks of 50 ms, ``busy`` of them with 40% CPU wait (1 thread)."""
        snaps, t, wait = [snap(0.0, 0, 0, 0, 0, 0)], 0.0, 0.0
        for i in range(10):
            t, wait = t + 0.05, wait + (20 if i < busy else 0)
            snaps.append(snap(t, wait, int(t * 200), 0, 0, 0))
        return snaps

    for busy, reason in [(1, None), (3, "busy: 24% CPU wait")]:
        snaps = iter(blocks(busy))
        monkeypatch.setattr(contention, "snapshot", lambda wait=True, snaps=snaps: next(snaps))
        watch = contention.BlockWatch(Judge(0.1, threads=1, cpus=2))
        watch.begin()
        discarded = 0
        for _ in range(10):
            discarded += watch.end()
        assert discarded == busy
        watch.end_round(kept_set_aside=False)
        assert watch.round_busy() == reason


def test_other_runnable_tasks_count_beyond_the_spare_cpus_and_only_when_idle() -> None:
    one_other = Reading(wall_s=1.0, others_sum=10.0, others_samples=10)
    # 2 measuring threads on 2 CPUs: one other task would take half of their CPUs
    assert Judge(0.1, threads=2, cpus=2).load_share(one_other) == 0.5
    assert Judge(0.1, threads=2, cpus=2).reason(one_other, idle=True) == (
        "busy: 1.0 other runnable tasks for 2 threads on 2 CPUs"
    )
    # ...but none with a CPU to spare (1 thread on 2 CPUs)
    assert Judge(0.1, threads=1, cpus=2).load_share(one_other) == 0.0
    assert Judge(0.1, threads=1, cpus=2).reason(one_other, idle=True) is None
    # one block's two instants say too little: pressure and the worker's own wait judge it instead
    assert Judge(0.1, threads=2, cpus=2).reason(one_other) is None
    # a whole result's blocks average enough instants to judge (the A/A benchmark's 7 us Linear
    # beside one hog: 1.07 other runnable tasks, CPU wait and pressure under 3%)
    result = Reading(wall_s=2.0, wait_s=0.017, thread_s=4.0, pressure_s=0.044, others_sum=10.7, others_samples=10)
    assert Judge(0.1, threads=2, cpus=2).reason(result) is None
    assert Judge(0.1, threads=2, cpus=2).reason(result, whole=True) == (
        "busy: 1.1 other runnable tasks for 2 threads on 2 CPUs"
    )
    few = Reading(wall_s=0.1, others_sum=4.0, others_samples=contention.MIN_OTHERS_SAMPLES - 4)
    assert Judge(0.1, threads=2, cpus=2).reason(few, whole=True) is None


def test_block_watch_splits_kept_and_set_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    snaps = iter(
        [
            snap(0.0, 0, 100, 0, 0, 0),
            snap(0.1, 1, 120, 0, 0, 0),  # quiet block; its end is the next one's start
            snap(0.2, 101, 140, 0, 90_000, 1),  # 100% wait, 90% pressure
        ]
    )
    monkeypatch.setattr(contention, "snapshot", lambda wait=True: next(snaps))
    watch = contention.BlockWatch(Judge(0.1, threads=1, cpus=2))
    watch.begin()
    assert watch.end() is False
    watch.begin()
    assert watch.end() is True
    assert watch.last_reason == "busy: 100% CPU wait"
    assert watch.kept.cpu_wait_fraction == pytest.approx(0.01)
    watch.end_round(kept_set_aside=False)
    assert watch.set_aside == Reading() and watch.kept.cpu_wait_fraction == pytest.approx(0.01)


def test_quiet_budget_waits_at_most_what_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[tuple[str, object]] = []

    class Teller(contention.WaitObserver):
        def started(self, evidence: str) -> None:
            told.append(("started", evidence))

        def ended(self, waited_s: float) -> None:
            told.append(("ended", waited_s))

    busy = Reading(wall_s=0.05, pressure_s=0.05)
    monkeypatch.setattr(contention, "idle_reading", lambda seconds, threads: busy)
    budget = contention.QuietBudget(0.2)
    waited, reason = budget.wait(Judge(0.1, 1, 2), "busy: 50% CPU wait", Teller())
    assert 0.2 <= waited < 1.0 and reason == "busy: 100% CPU pressure"
    assert budget.left_s == 0.0
    assert told[0] == ("started", "busy: 50% CPU wait (up to 0.2 s more of --quiet-wait)")
    assert told[1][0] == "ended"
    assert budget.wait(Judge(0.1, 1, 2), "busy", Teller()) == (0.0, "busy")  # spent: no wait, nothing told
    assert len(told) == 2


def test_quiet_budget_stops_waiting_once_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = iter([Reading(wall_s=0.01, pressure_s=0.01), Reading(wall_s=0.01, pressure_s=0.0)])
    monkeypatch.setattr(contention, "idle_reading", lambda seconds, threads: next(readings))
    budget = contention.QuietBudget(60.0)
    waited, reason = budget.wait(Judge(0.1, 1, 2), "busy")
    assert reason is None and waited < 5.0 and budget.left_s > 55.0


def test_snapshot_reads_this_machine() -> None:
    now = contention.snapshot()
    assert now.cpu is not None and now.cpu.total > 0  # Linux
    assert now.cpu.running is not None  # procs_running: in /proc/stat since Linux 2.5
    assert isinstance(now.others, int) and 0 <= now.others <= now.cpu.running


def test_a_thread_of_ours_that_sleeps_between_two_reads_is_not_another_task(monkeypatch: pytest.MonkeyPatch) -> None:
    # procs_running counts 3 (our two measuring threads and one task of another process); our second
    # thread went to sleep before we counted our own, and woke again: counted before and after, it is ours.
    counts = iter([2, 1])
    monkeypatch.setattr(contention, "own_running", lambda: next(counts))
    real = contention._read
    monkeypatch.setattr(
        contention,
        "_read",
        lambda path: "cpu 1 0 1 10 0 0 0 0\nprocs_running 3\n" if path == "/proc/stat" else real(path),
    )
    assert contention.snapshot(wait=False).others == 1
    counts = iter([1, 1])  # both reads saw one of ours running: the other two are others
    assert contention.snapshot(wait=False).others == 2


def test_a_wait_until_asks_again_each_pause_until_the_machine_is_quiet_or_the_budget_is_spent() -> None:
    answers = iter(["busy: still", "busy: still", None])
    asked: list[float] = []

    def busy() -> str | None:
        asked.append(time.perf_counter())
        return next(answers)

    budget = contention.QuietBudget(30.0)
    waited, reason = budget.wait_until(busy, "busy: at first", pause_s=0.05)
    assert reason is None and len(asked) == 3 and 0.15 <= waited < 5.0
    assert all(b - a >= 0.04 for a, b in zip(asked, asked[1:], strict=False))  # one pause between two questions
    assert budget.left_s == pytest.approx(30.0 - waited)
    short = contention.QuietBudget(0.2)
    waited, reason = short.wait_until(lambda: "busy: always", "busy: at first", pause_s=0.05)
    assert reason == "busy: always" and 0.2 <= waited < 1.0 and short.left_s == 0.0
    assert short.wait_until(lambda: None, "busy: spent") == (0.0, "busy: spent")  # nothing left: no question
