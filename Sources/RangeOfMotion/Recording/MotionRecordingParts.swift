import RegimenFoundation
import SystemPackage

/// Where a long recording file may be cut into parts read on separate threads (docs/range-of-motion.md, "Reading long
/// recordings"). A cut is a guess made from a few bytes: `}`, whitespace, `,`, whitespace, `{`, which in a recording
/// is the end of one item and the start of the next. The guess is confirmed only when the reader of the part before
/// it ends an item exactly there; otherwise the measurement is read again in one pass.
struct MotionRecordingParts {
    /// One guessed cut between two items.
    struct Cut: Equatable {
        /// The offset just past the `}` that ends the earlier item.
        var itemEnd: Int
        /// The offset of the `{` that starts the next item.
        var itemStart: Int
    }

    /// Parts smaller than this are not worth a thread (tests ask for smaller ones).
    static let minimumPartBytes = 4 << 20
    /// How far past each even share of the file a cut is looked for.
    static let searchWindow = 64 << 10

    /// The guessed cuts of the file at `path` into at most `parts` parts of about equal length and at least
    /// `minimumBytes` each, in file order; empty when the file is too short or no cut is found (it is then read in one
    /// part).
    static func cuts(ofFileAt path: FilePath, parts: Int, minimumBytes: Int = minimumPartBytes) -> [Cut] {
        guard parts > 1, let descriptor = try? FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
        else { return [] }
        defer { try? descriptor.close() }
        guard let size = try? descriptor.seek(offset: 0, from: .end) else { return [] }
        let count = min(parts, Int(size) / max(minimumBytes, 1))
        guard count > 1 else { return [] }
        var cuts: [Cut] = []
        var window = [UInt8](repeating: 0, count: searchWindow)
        for part in 1..<count {
            let target = Int(size) / count * part
            let read = window.withUnsafeMutableBytes { buffer in
                (try? descriptor.read(fromAbsoluteOffset: Int64(target), into: buffer, retryOnInterrupt: true)) ?? 0
            }
            guard let cut = firstCut(in: window[..<read]), cut.itemEnd + target > (cuts.last?.itemStart ?? 0) else {
                continue
            }
            cuts.append(Cut(itemEnd: cut.itemEnd + target, itemStart: cut.itemStart + target))
        }
        return cuts
    }

    /// The first `}` ws `,` ws `{` in `bytes`, as offsets from the slice's start.
    static func firstCut(in bytes: ArraySlice<UInt8>) -> Cut? {
        var index = bytes.startIndex
        while let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) {
            var next = skipWhitespace(bytes, from: close + 1)
            if next < bytes.endIndex, bytes[next] == UInt8(ascii: ",") {
                next = skipWhitespace(bytes, from: next + 1)
                if next < bytes.endIndex, bytes[next] == UInt8(ascii: "{") {
                    return Cut(itemEnd: close + 1 - bytes.startIndex, itemStart: next - bytes.startIndex)
                }
            }
            index = close + 1
        }
        return nil
    }

    private static func skipWhitespace(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.endIndex, bytes[index].isJSONWhitespace { index += 1 }
        return index
    }
}
