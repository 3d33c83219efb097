import Foundation
import HealthData
import RegimenFoundation
import Synchronization
import ZIPFoundation

/// Reads a zip's route files ahead of the export's reader, on worker threads of their own (docs/health-export.md,
/// "Reading an export"): an export names its GPX files in the order the zip holds them, and their points are most of
/// the reading once the workouts begin, so while the reader goes on through the XML, the next files are already being
/// parsed on the other cores. At most `lookahead` files are read ahead of the last one asked for, so memory holds a
/// few routes, never all of them. A file asked for out of order is read on the asking thread, as without prefetching.
///
/// Built on `ThreadChannel` alone: the asking side hands out a ticket per file the workers may parse, each carrying the
/// channel its result comes back on.
final class HealthRoutePrefetch: Sendable {
    /// How many files may be parsed ahead of the one last asked for.
    static let lookahead = 4

    /// A parsed file: its points, or the error reading it gave.
    typealias Parsed = Result<[HealthRoutePoint], HealthExportError>

    /// A file that may be parsed, and where its result goes. Whoever claims it parses it: a worker, or the asker when
    /// no worker has taken it up yet (it then reads the file itself rather than wait).
    private final class Ticket: Sendable {
        let position: Int
        let result = ThreadChannel<Parsed, Never>(capacity: 1)
        private let claimed = Atomic<Bool>(false)

        init(position: Int) {
            self.position = position
        }

        /// True for the first caller only.
        func claim() -> Bool {
            !claimed.exchange(true, ordering: .acquiringAndReleasing)
        }
    }

    /// The asking side's state: which files were handed out, and their results' channels by position.
    private struct Asking {
        var started = false
        /// The next position to hand out.
        var next = 0
        var pending: [Int: Ticket] = [:]
        var workers: [WorkerThread] = []
    }

    private let zipPath: String
    /// The route files' entries, in zip order, and each one's place by member path (found once: looking an entry up
    /// by path reads the whole zip directory again).
    private let members: Members
    private let positions: [String: Int]
    private let workerCount: Int
    /// Tickets no worker has taken up yet.
    private let tickets = ThreadChannel<Ticket, Never>(capacity: HealthRoutePrefetch.lookahead + 1)
    /// The position of the file last asked for: a worker skips a ticket before it (a file the export skipped).
    private let asked = Atomic<Int>(0)
    private let asking = Mutex(Asking())
    /// How many files the workers have parsed (each file asked for in order is parsed once, by a worker or the asker).
    private let workerParses = Atomic<Int>(0)

    /// Prefetching for the route files `members` (entries, in zip order) of the zip at `zipPath`, with up to `workers`
    /// threads once the first file is asked for.
    init(zipPath: String, members: [Entry], workers: Int) {
        self.zipPath = zipPath
        self.members = Members(entries: members)
        positions = Dictionary(members.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        workerCount = max(0, workers)
    }

    /// The parsed points of the member `path`, waiting for a worker already on it; nil when prefetching does not hold
    /// it (not a route file, or asked for out of order): the caller reads it itself.
    func take(_ path: String) -> Parsed? {
        guard workerCount > 0, let position = positions[path] else { return nil }
        let ticket = asking.withLock { asking -> Ticket? in
            if !asking.started { start(at: position, &asking) }
            asked.store(max(asked.load(ordering: .relaxed), position), ordering: .relaxed)
            // Files before this one that nobody took were skipped by the export: they are dropped, and read again on
            // the asking thread should they be asked for after all.
            asking.pending = asking.pending.filter { $0.key >= position }
            let ticket = asking.pending.removeValue(forKey: position)
            // One not handed out yet is read by the caller; the workers go on after it.
            if asking.next <= position { asking.next = position + 1 }
            while asking.next < members.entries.count && asking.next <= position + Self.lookahead {
                let ticket = Ticket(position: asking.next)
                asking.pending[asking.next] = ticket
                tickets.send(ticket)
                asking.next += 1
            }
            return ticket
        }
        // No worker on it yet: the caller reads it itself, as a worker would, rather than wait for one.
        guard let ticket, !ticket.claim() else { return nil }
        return ticket.result.receive()
    }

    /// How many files the workers have parsed so far.
    var filesParsedByWorkers: Int { workerParses.load(ordering: .relaxed) }

    /// The entry of the route file at member path `path`, if the zip has one.
    func entry(_ path: String) -> Entry? { positions[path].map { members.entries[$0] } }

    /// Stops the workers and waits until they have ended (each finishes the file in hand).
    func stop() {
        tickets.cancel()
        for worker in asking.withLock({ $0.workers }) { worker.join() }
    }

    deinit { stop() }

    /// Starts the workers, the first file asked for being at `position`.
    private func start(at position: Int, _ asking: inout Asking) {
        asking.started = true
        asking.next = position
        asked.store(position, ordering: .relaxed)
        for _ in 0..<workerCount {
            asking.workers.append(
                WorkerThread.start(stackSize: 4 << 20) { [self] in
                    var archive: Archive?
                    while let ticket = tickets.receive() {
                        guard ticket.position >= asked.load(ordering: .relaxed), ticket.claim() else { continue }
                        workerParses.add(1, ordering: .relaxed)
                        ticket.result.send(
                            Self.parse(members.entries[ticket.position], of: zipPath, archive: &archive))
                    }
                })
        }
    }

    /// Parses one member through the worker's own archive handle (an `Archive` is not shared between threads; an
    /// entry is only offsets into the file, the same through every handle).
    private static func parse(_ entry: Entry, of zipPath: String, archive: inout Archive?) -> Parsed {
        do throws(HealthExportError) {
            if archive == nil {
                do {
                    let opened: Archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .read)
                    archive = opened
                } catch {
                    throw .unreadableZip(file: zipPath, reason: HealthExportError.reason(error))
                }
            }
            guard let archive else { throw .unreadableZip(file: zipPath, reason: "cannot open it again") }
            return .success(try HealthRouteFiles.parse(entry, of: archive, file: "\(zipPath)/\(entry.path)"))
        } catch {
            return .failure(error)
        }
    }

    /// The route files' zip entries. Unchecked: the array is never changed after it is made, and an entry is a value
    /// holding only its place in the file, read the same from any thread.
    private struct Members: @unchecked Sendable {
        let entries: [Entry]
    }
}
