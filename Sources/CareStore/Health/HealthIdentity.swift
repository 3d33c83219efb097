import Crypto
import Foundation
import HealthData

/// The 16-byte key an imported item is known by across imports (docs/health-export.md, "Identity, re-import,
/// deletions"): its sync identifier when it has one, else its type, source, instants and value — never the written
/// date text, which another export writes with another offset. A sample's key starts with its start instant
/// (8 bytes, big-endian) followed by the first 8 bytes of SHA-256 over the fields, each preceded by its length: an
/// export lists each type's records in time order, so new keys land next to each other in the unique index instead of
/// all over it (a random key made every insert read and write a random page of a large index).
enum HealthIdentity {
    /// A sample's key.
    static func of(_ sample: HealthSample, syncIdentifier: String?) -> Data {
        if let syncIdentifier { return key(["S", sample.type, syncIdentifier]) }
        return key(
            ["K", sample.type, sample.source.name, String(sample.endDate.seconds), sample.value ?? "", sample.unit ?? ""],
            at: sample.startDate.seconds)
    }

    /// A workout's key.
    static func of(_ workout: HealthWorkout, syncIdentifier: String?) -> Data {
        if let syncIdentifier { return key(["SW", syncIdentifier]) }
        return key([
            "W", workout.activityType, workout.source.name, String(workout.startDate.seconds),
            String(workout.endDate.seconds),
        ])
    }

    /// A correlation's key.
    static func of(_ correlation: HealthCorrelation, syncIdentifier: String?) -> Data {
        if let syncIdentifier { return key(["SC", correlation.type, syncIdentifier]) }
        return key([
            "C", correlation.type, correlation.source.name, String(correlation.startDate.seconds),
            String(correlation.endDate.seconds),
        ])
    }

    /// The key of the `occurrence`-th (1, 2, …) record alike to the one keyed `identity` in one export.
    static func occurrence(_ occurrence: Int, of identity: Data) -> Data {
        var derived = identity.prefix(8)
        derived.append(key(["D", identity.map { String($0, radix: 16) }.joined(separator: "."), String(occurrence)]).suffix(8))
        return derived
    }

    /// Another top-level element's key: its name and attributes.
    static func ofOther(name: String, attributes: [HealthAttribute]) -> Data {
        key(["O", name] + attributes.flatMap { [$0.name, $0.value] })
    }

    /// `instant` big-endian, then 8 bytes of the fields' hash.
    private static func key(_ fields: [String], at instant: Int64) -> Data {
        var bytes = Data(count: 8)
        let bits = UInt64(bitPattern: instant ^ Int64.min).bigEndian
        withUnsafeBytes(of: bits) { bytes.replaceSubrange(0..<8, with: $0) }
        bytes.append(key(fields).prefix(8))
        return bytes
    }

    private static func key(_ fields: [String]) -> Data {
        var hasher = SHA256()
        for field in fields {
            var length = UInt32(field.utf8.count).littleEndian
            withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
            var text = field
            text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        }
        return Data(hasher.finalize().prefix(16))
    }
}
