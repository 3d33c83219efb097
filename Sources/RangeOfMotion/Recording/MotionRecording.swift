package import Foundation
import RegimenFoundation
package import SystemPackage

/// A ResearchKit device-motion recording: the samples in delivery (file) order (docs/range-of-motion.md, "Recording
/// files" and "Quirks kept for identical numbers").
package struct MotionRecording: Sendable, Hashable {
    /// The samples, in file order; never re-sorted or resampled.
    package var samples: [MotionSample]

    /// Creates a recording from samples whose attitudes are unit quaternions (an empty one is allowed here; `decode`
    /// refuses empty files). Recorded data goes through `init(checking:)`.
    package init(samples: [MotionSample]) {
        self.samples = samples
    }

    /// Creates a recording from recorded samples: each attitude is kept, normalized or refused with the sample's
    /// index, as `RecordedAttitude.unit` says, so no attitude of the wrong length ever reaches the angle formulas.
    package init(checking samples: [MotionSample]) throws(MotionRecordingError) {
        var checked = samples
        for index in checked.indices {
            checked[index].attitude = try RecordedAttitude.unit(checked[index].attitude, sample: index)
        }
        self.samples = checked
    }

    /// Decodes `{"items": [...]}` or a bare array of items; throws `.empty` when there are no items, and
    /// `.invalidItem(index, "attitude", …)` for an attitude that is not (nearly) a unit quaternion.
    package static func decode(_ data: Data) throws(MotionRecordingError) -> MotionRecording {
        let outcome: Result<MotionRecording, MotionRecordingError> = data.withUnsafeBytes { raw in
            Result { () throws(MotionRecordingError) in
                try collect(MotionSampleReader(JSONReader(bytes: raw.bindMemory(to: UInt8.self))))
            }
        }
        return try outcome.get()
    }

    /// Reads and decodes a recording file (in chunks); errors are wrapped in `.inFile` with the file's path.
    /// To measure a long recording without holding its samples, use `RangeOfMotionCalculator.measure(contentsOf:)`.
    package static func load(contentsOf path: FilePath) throws(MotionRecordingError) -> MotionRecording {
        try withSamples(contentsOf: path) { (reader: inout MotionSampleReader) throws(MotionRecordingError) in
            try collect(&reader)
        }
    }

    /// Opens the recording at `path` and calls `body` with a sample reader over it; errors name the file.
    static func withSamples<Result>(
        contentsOf path: FilePath, _ body: (inout MotionSampleReader) throws(MotionRecordingError) -> Result
    ) throws(MotionRecordingError) -> Result {
        let json: JSONReader
        do throws(FileError) {
            json = try JSONReader(contentsOfFile: path)
        } catch {
            throw .file(error)
        }
        var reader = MotionSampleReader(json)
        do {
            return try body(&reader)
        } catch {
            if let errno = reader.readFailure { throw .file(.cannotRead(path: path, errno: errno)) }
            throw .inFile(path: path, error: error)
        }
    }

    /// All samples of `reader`, checked; `.empty` when there are none.
    private static func collect(_ reader: consuming MotionSampleReader) throws(MotionRecordingError) -> MotionRecording
    {
        var reader = reader
        return try collect(&reader)
    }

    private static func collect(_ reader: inout MotionSampleReader) throws(MotionRecordingError) -> MotionRecording {
        try reader.start()
        var samples: [MotionSample] = []
        while let sample = try reader.next() {
            samples.append(sample)
        }
        guard !samples.isEmpty else { throw .empty }
        return MotionRecording(samples: samples)
    }
}
