"""Many deals on a Dask cluster: the executor beside scan's pool of local processes.

``--cluster ADDRESS`` (a Dask scheduler, ``tcp://host:8786``) or ``--cluster local`` (a
LocalCluster of this machine's cores) gives a :class:`Cluster`, which takes the place of a
process count wherever deals are solved in parallel (``scan.in_parallel``). Tasks go out a bounded
number ahead and are read back in the order they went out, so what a run writes does not
depend on what ran it. A worker that dies has its tasks run again elsewhere by the scheduler,
and each task is read once, so no deal is lost or counted twice.

Dask is an optional extra (``pip install 'dealgen[cluster]'``): it is imported only here,
only when a cluster is asked for.
"""

from __future__ import annotations

import itertools
import logging
import os
import signal
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

from .errors import CheckFailed, InputError

LOCAL = "local"  # --cluster local: a LocalCluster on this machine, for a try-out
ENV = "DEALGEN_CLUSTER"  # the address when --cluster is not given
CONNECT_SECONDS = 5.0  # an unreachable scheduler is reported after this, before any work
RETRIES = 3  # a task that raises (a worker lost while sending its result, say) is run again this often
RECOUNT_SECONDS = 2.0  # how often the look-ahead is sized again to the workers there are (they come and go)
AHEAD = 4  # batches submitted ahead for each worker thread, so none waits between batches
BATCH_SECONDS = 0.25  # the work a batch of tasks aims at
MAX_BATCH = 256  # tasks a batch holds at most (what a lost worker's batches cost again)
BUFFERED = 20_000  # tasks sent and not yet read, at most, while an earlier batch runs (a long audit)
NO_WORKERS_SECONDS = 5.0  # with every worker gone this long, the user is told the run is waiting for one

log = logging.getLogger("dealgen")


class Cluster:
    """A connected Dask client; ``results`` runs tasks on the cluster's workers."""

    def __init__(self, client: Any, address: str) -> None:
        self.client = client
        self.address = address

    def __repr__(self) -> str:
        return f"Cluster({self.address!r})"

    def threads(self, known: int = 1) -> int:
        """Worker threads on the cluster now (each runs one task at a time); ``known`` if the
        scheduler does not answer (a lost scheduler is reported by the tasks' futures)."""
        try:
            return sum(self.client.nthreads().values())
        except Exception:
            return known

    def results(self, tasks: Iterable[Any], worker: Callable[[Any], Any], ahead: int = AHEAD,
                buffered: int = BUFFERED) -> Iterator[Any]:
        """``worker(task)`` for each task, in order, on the cluster's workers: ``ahead`` batches
        running or queued for each worker thread, and batches that finish ahead of a slow one
        held, up to ``buffered`` tasks in all, so the other workers go on meanwhile. Closing the
        iterator (or an error, or Ctrl-C) cancels what was not yet read; what was read was complete."""
        from distributed import as_completed

        tasks = iter(tasks)
        batches: dict[Any, tuple[int, list[Any]]] = {}  # future -> (its place, its tasks), until read
        ready: dict[int, tuple[list[Any], Any]] = {}  # finished batches by place: (tasks, results or error)
        sent = read = held = 0  # batches sent and read; tasks sent and not yet read
        size = Batching()
        counted, threads = -RECOUNT_SECONDS, 1
        running = as_completed(loop=self.client.loop)

        def submit() -> None:
            nonlocal sent, held, counted, threads
            if time.monotonic() - counted >= RECOUNT_SECONDS:  # workers come and go
                counted, threads = time.monotonic(), max(1, self.threads(threads))
            while running.count() < threads * ahead and held < buffered:
                batch = list(itertools.islice(tasks, size.next()))
                if not batch:
                    return
                # pure=False: never merged with an equal batch, so each result is read once, by its own future
                future = self.client.submit(_run_batch, worker, batch, pure=False, retries=RETRIES)
                batches[future] = (sent, batch)
                running.add(future)
                sent, held = sent + 1, held + len(batch)

        def collect(future: Any) -> None:
            place, batch = batches.pop(future)
            try:
                results, seconds = future.result()
                size.measured(len(batch), seconds)
            except Exception as err:  # failed on every try: its own error, or workers lost under it
                results = err
            ready[place] = (batch, results)

        stop = threading.Event()
        threading.Thread(target=self._watch_workers, args=(stop,), name="dealgen-cluster-watch", daemon=True).start()
        try:
            submit()
            while read < sent:
                while read not in ready:
                    collect(next(running))
                    submit()
                batch, results = ready.pop(read)
                read, held = read + 1, held - len(batch)
                if isinstance(results, Exception):  # (raised in its turn: what came before it is kept)
                    raise CheckFailed(f"on cluster {self.address}: the tasks {batch[0]!r} to {batch[-1]!r} failed: "
                                      f"{type(results).__name__}: {' '.join(str(results).split())}") from None
                yield from results
                if running.has_ready():
                    for future in running.next_batch(block=False):
                        collect(future)
                submit()
        finally:
            stop.set()
            if batches:
                try:
                    self.client.cancel(list(batches))
                except Exception:
                    pass  # (a scheduler already lost: nothing left to cancel, and its error is being raised)


    def _watch_workers(self, stop: threading.Event) -> None:
        """While tasks run: when every worker has been gone for NO_WORKERS_SECONDS, say that
        the run waits (the scheduler holds the tasks until one joins), and say when one has."""
        gone_since: float | None = None
        said = False
        while not stop.wait(min(1.0, NO_WORKERS_SECONDS / 4)):
            threads = self.threads(known=-1)  # (-1: the scheduler did not answer; its futures report that)
            if threads > 0:
                if said:
                    log.info(f"cluster {self.address}: {threads} worker thread{'s' if threads > 1 else ''} again; "
                             f"the work goes on")
                gone_since, said = None, False
            elif threads == 0:
                gone_since = gone_since if gone_since is not None else time.monotonic()
                if not said and time.monotonic() - gone_since >= NO_WORKERS_SECONDS:
                    log.info(f"cluster {self.address}: no workers; waiting for one to join")
                    said = True


class Batching:
    """How many tasks go to a worker at once: enough for each batch to take about
    ``BATCH_SECONDS``, since a Dask task costs milliseconds and one Penguin deal less."""

    def __init__(self) -> None:
        self.per_task: float | None = None  # seconds, a moving average

    def next(self) -> int:
        if self.per_task is None:
            return 1  # until a first batch has been timed
        return max(1, min(MAX_BATCH, int(BATCH_SECONDS / max(self.per_task, 1e-6))))

    def measured(self, count: int, seconds: float) -> None:
        each = seconds / count
        self.per_task = each if self.per_task is None else 0.7 * self.per_task + 0.3 * each


def _run_batch(worker: Callable[[Any], Any], batch: list[Any]) -> tuple[list[Any], float]:
    """On a worker: the batch's results, in order, and the seconds they took."""
    began = time.perf_counter()
    results = [worker(task) for task in batch]
    return results, time.perf_counter() - began


@contextmanager
def connect(address: str, processes: int = 0) -> Iterator[Cluster]:
    """The cluster at ``address`` (``LOCAL``: a LocalCluster of ``processes`` workers, 0 = one
    a core), closed again on leaving. InputError, at once, when it cannot be reached."""
    address = address.strip()
    if not address:
        raise InputError("--cluster: an empty address: give the scheduler's, e.g. tcp://10.0.0.5:8786, or 'local'")
    try:
        import dask
        import distributed
    except ImportError:
        raise InputError("--cluster needs Dask: pip install 'dealgen[cluster]' (dask[distributed])") from None
    local = None
    if address == LOCAL:
        # Its worker processes inherit Ctrl-C ignored, as a pool's ignore it: a terminal's Ctrl-C
        # reaches them too, and the command stops them itself (while they start, it waits).
        deaf = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if deaf else None
        try:
            # one single-threaded process a core: the work is all CPU, and threads would share one GIL;
            # Dask's sampling profiler off: it costs a busy Python worker 15-25% (docs/guides/cluster.md)
            with dask.config.set({"distributed.worker.profile.enabled": False}):
                local = distributed.LocalCluster(n_workers=processes or os.cpu_count() or 1, threads_per_worker=1,
                                                 processes=True, dashboard_address=":0", silence_logs=logging.ERROR)
        finally:
            if deaf:
                signal.signal(signal.SIGINT, previous)
        client = distributed.Client(local, set_as_default=False)
    else:
        failure = None
        try:
            client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError, TypeError) as err:  # unreachable (OSError, TimeoutError), or not an address
            failure = str(err) or type(err).__name__
        if failure is not None:  # (raised outside the except: the half-made client is gone before exit)
            raise InputError(f"--cluster {address}: cannot connect ({failure}); give a running Dask scheduler's "
                             f"address (tcp://HOST:PORT, started with `dask scheduler`) or 'local'")
    # Connected (and warned of any mismatch in versions): from now on a failure reaches the user as
    # our one-line error, not also as the client's logged traceback.
    client_log = logging.getLogger("distributed.client")
    level = client_log.level
    client_log.setLevel(logging.CRITICAL)
    try:
        if not client.nthreads():
            log.info(f"cluster {address} has no workers yet: the work starts when one joins")
        yield Cluster(client, address)
    finally:
        client.close()
        if local is not None:
            local.close()
        client_log.setLevel(level)
