import Foundation
import RegimenFoundation

/// A ResearchKit device-motion recording: the samples in delivery (file) order (docs/range-of-motion.md, "Recording files" and "Quirks kept for identical numbers").
public struct MotionRecording: Sendable, Hashable {
    /// The samples, in file order; never re-sorted or resampled.
    public var samples: [MotionSample]

    /// Creates a recording from samples whose attitudes are unit quaternions (an empty one is allowed here; `decode`
    /// refuses empty files). Recorded data goes through `init(checking:)`.
    public init(samples: [MotionSample]) {
        self.samples = samples
    }

    /// Creates a recording from recorded samples: each attitude is kept, normalised or refused with the sample's
    /// index, as `RecordedAttitude.unit` says, so no attitude of the wrong length ever reaches the angle formulas.
    public init(checking samples: [MotionSample]) throws(MotionRecordingError) {
        var checked = samples
        for index in checked.indices {
            checked[index].attitude = try RecordedAttitude.unit(checked[index].attitude, sample: index)
        }
        self.samples = checked
    }

    /// Decodes `{"items": [...]}` or a bare array of items; throws `.empty` when there are no items, and
    /// `.invalidItem(index, "attitude", …)` for an attitude that is not (nearly) a unit quaternion.
    public static func decode(_ data: Data) throws(MotionRecordingError) -> MotionRecording {
        let outcome: Result<[MotionSample], MotionRecordingError> = data.withUnsafeBytes { raw in
            var parser = MotionJSONParser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(MotionRecordingError) {
                return .success(try parser.parseRecording())
            } catch {
                return .failure(error)
            }
        }
        let samples = try outcome.get()
        guard !samples.isEmpty else { throw .empty }
        return try MotionRecording(checking: samples)
    }

    /// Reads and decodes a recording file; errors are wrapped in `.inFile` with the file's path.
    public static func load(contentsOf url: URL) throws(MotionRecordingError) -> MotionRecording {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: Self.reason(for: error))
        }
        do throws(MotionRecordingError) {
            return try decode(data)
        } catch {
            throw .inFile(path: url.path, error: error)
        }
    }

    /// A short reason for a file-system error, without repeating the path.
    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(posix.code))
        {
            return String(cString: message)
        }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileReadNoSuchFile: return "no such file"
        case .fileReadNoPermission: return "permission denied"
        default: return "read failed (\(nsError.domain) \(nsError.code))"
        }
    }
}
