import Foundation
import HealthData
import ZIPFoundation

/// Reads a zip's route files ahead of the export's reader, on worker threads of their own (docs/health-export.md,
/// "Reading an export"): an export names its GPX files in the order the zip holds them, and their points are most of
/// the reading once the workouts begin, so while the reader goes on through the XML, the next files are already being
/// parsed on the other cores. At most `lookahead` files are read ahead of the last one asked for, so memory holds a
/// few routes, never all of them. A file asked for out of order is read on the asking thread, as without prefetching.
final class HealthRoutePrefetch: @unchecked Sendable {
    /// How many files may be parsed ahead of the one last asked for.
    static let lookahead = 4

    /// A parsed file: its points, or the error reading it gave.
    typealias Parsed = Result<[HealthRoutePoint], HealthExportError>

    private let zipPath: String
    /// The route files' entries, in zip order, and each one's place by member path (found once: looking an entry up
    /// by path reads the whole zip directory again).
    private let members: [Entry]
    private let positions: [String: Int]
    private let workerCount: Int

    // Every property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    /// Files parsed and not yet taken, by position.
    private var parsed: [Int: Parsed] = [:]
    /// Files being parsed.
    private var parsing: Set<Int> = []
    /// The next position a worker takes up.
    private var next = 0
    /// The position of the file last asked for.
    private var asked = 0
    private var started = false
    private var stopped = false
    private var runningWorkers = 0

    /// Prefetching for the route files `members` (entries, in zip order) of the zip at `zipPath`, with up to `workers`
    /// threads once the first file is asked for.
    init(zipPath: String, members: [Entry], workers: Int) {
        self.zipPath = zipPath
        self.members = members
        positions = Dictionary(members.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        workerCount = max(0, workers)
    }

    /// The parsed points of the member `path`, waiting for a worker already on it; nil when prefetching does not hold
    /// it (not a route file, or asked for out of order): the caller reads it itself.
    func take(_ path: String) -> Parsed? {
        guard workerCount > 0, let position = positions[path] else { return nil }
        condition.lock()
        defer { condition.unlock() }
        if !started { start(at: position) }
        asked = max(asked, position)
        // Files before this one that nobody took were skipped by the export: they are dropped, and read again on
        // the asking thread should they be asked for after all.
        for skipped in parsed.keys where skipped < position { parsed[skipped] = nil }
        if next <= position && !parsing.contains(position) { next = position + 1 }
        condition.broadcast()
        while true {
            if let result = parsed.removeValue(forKey: position) {
                condition.broadcast()
                return result
            }
            guard parsing.contains(position) else { return nil }
            condition.wait()
        }
    }

    /// The entry of the route file at member path `path`, if the zip has one.
    func entry(_ path: String) -> Entry? { positions[path].map { members[$0] } }

    /// Stops the workers and waits until they have ended (each finishes the file in hand).
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        parsed.removeAll()
        condition.unlock()
    }

    deinit { stop() }

    /// Starts the workers from `position` (called with the condition locked).
    private func start(at position: Int) {
        started = true
        next = position
        asked = position
        for _ in 0..<workerCount {
            runningWorkers += 1
            let worker = Thread { [self] in work() }
            worker.stackSize = 4 << 20
            worker.start()
        }
    }

    /// A worker: parses the next file while it is within the lookahead, until every file is done or prefetching stops.
    private func work() {
        var archive: Archive?
        condition.lock()
        defer {
            runningWorkers -= 1
            condition.broadcast()
            condition.unlock()
        }
        while !stopped && next < members.count {
            guard next <= asked + Self.lookahead else {
                condition.wait()
                continue
            }
            let position = next
            next += 1
            parsing.insert(position)
            condition.unlock()
            let result = parse(members[position], archive: &archive)
            condition.lock()
            parsing.remove(position)
            if position >= asked { parsed[position] = result }
            condition.broadcast()
        }
    }

    /// Parses one member through the worker's own archive handle (an `Archive` is not shared between threads; an
    /// entry is only offsets into the file, the same through every handle).
    private func parse(_ entry: Entry, archive: inout Archive?) -> Parsed {
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
}
