import Foundation
import RegimenFoundation
import Synchronization
import SystemPackage

/// Measures a long recording on several threads (docs/range-of-motion.md, "Reading long recordings"): this thread
/// reads the first sample (the reference attitude and the orientation) and the first part; one thread per further part
/// reads from a guessed cut between two items (`MotionRecordingParts`) to the next one. The parts' angles are then
/// joined in file order (`AngleTracker.append`), which gives exactly the values of one pass.
enum ParallelMeasurement {
    /// The measurement, or nil when the parts cannot be joined: a cut was not between two items or a later part held
    /// an error. The caller then reads the file in one pass, which also reports any error
    /// with its exact sample and place. Errors thrown are those of the first part, exact already.
    static func measure(
        contentsOf path: FilePath, cuts: [MotionRecordingParts.Cut], orientation: Orientation?
    ) throws(MotionRecordingError) -> RangeOfMotionMeasurement? {
        guard let firstCut = cuts.first else { return nil }
        return try MotionRecording.withSamples(contentsOf: path) {
            (reader: inout MotionSampleReader) throws(MotionRecordingError) -> RangeOfMotionMeasurement? in
            try reader.start()
            var replay = RangeOfMotionReplay(orientation: orientation)
            guard let first = try reader.next(allFields: false) else { throw .empty }
            replay.add(first)
            guard let start = replay.start else { return nil }
            let parts = PartResults(count: cuts.count)
            let wrapped = reader.wrapped
            for (index, cut) in cuts.enumerated() {
                let end = index + 1 < cuts.count ? cuts[index + 1].itemEnd : nil
                let segment = AngleSegment(reference: start.reference, orientation: start.orientation)
                parts.start(index, stackSize: 1 << 20) { cancelled in
                    readPart(
                        path, from: cut.itemStart, until: end, wrapped: wrapped, segment: segment, cancelled: cancelled)
                }
            }
            defer { parts.cancelAndWait() }
            while reader.byteOffset < firstCut.itemEnd {
                // The whole document ended before the cut (it was not inside the item array): this pass read it all.
                guard let sample = try reader.next(allFields: false) else { return replay.measurement() }
                replay.add(sample)
            }
            guard reader.byteOffset == firstCut.itemEnd else { return nil }
            for segment in parts.waitForAll() {
                guard let segment, replay.append(segment) else { return nil }
            }
            return replay.measurement()
        }
    }

    /// The angles of the items from `offset` (the `{` of an item) to `end` (just past the `}` of an item), or to the
    /// end of the document when `end` is nil (checking it to its end); nil on any error, when the reader does not
    /// end an item exactly at `end`, or when cancelled.
    private static func readPart(
        _ path: FilePath, from offset: Int, until end: Int?, wrapped: Bool, segment: AngleSegment,
        cancelled: PartResults
    ) -> AngleSegment? {
        let json: JSONReader
        do {
            json = try JSONReader(contentsOfFile: path, from: offset, insideArrayOf: wrapped ? [true] : [])
        } catch {
            return nil
        }
        var reader = MotionSampleReader(part: json, wrapped: wrapped)
        var segment = segment
        do {
            while let sample = try reader.next(allFields: false) {
                segment.add(sample.attitude)
                if let end, offset + reader.byteOffset >= end {
                    return offset + reader.byteOffset == end ? segment : nil
                }
                if segment.count & 4095 == 0, cancelled.isCancelled { return nil }
            }
            return end == nil ? segment : nil
        } catch {
            return nil
        }
    }
}

/// The parts' threads, each handing its result over a channel of its own, and whether the measurement was given up.
private final class PartResults: Sendable {
    private let results: [ThreadChannel<AngleSegment?, Never>]
    private let threads = Mutex<[WorkerThread]>([])
    private let cancelled = Atomic<Bool>(false)

    init(count: Int) {
        results = (0..<count).map { _ in ThreadChannel(capacity: 1) }
    }

    /// Whether the parts should stop (each looks every 4,096 samples).
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Starts part `index` on a thread of its own; `read` returns its angles (nil: it failed), given these results to
    /// ask whether it should stop.
    func start(_ index: Int, stackSize: Int, _ read: @escaping @Sendable (PartResults) -> AngleSegment?) {
        let channel = results[index]
        let thread = WorkerThread.start(stackSize: stackSize) { [self] in
            channel.send(read(self))
            channel.close()
        }
        threads.withLock { $0.append(thread) }
    }

    /// Waits for every part and returns their results in order.
    func waitForAll() -> [AngleSegment?] {
        results.map { channel in channel.receive() ?? nil }
    }

    /// Asks the parts to stop and waits for them, so that none outlives the measurement.
    func cancelAndWait() {
        cancelled.store(true, ordering: .relaxed)
        for thread in threads.withLock({ $0 }) { thread.join() }
    }
}
