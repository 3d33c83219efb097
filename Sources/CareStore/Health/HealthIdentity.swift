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
    /// A key: two 64-bit halves, stored as 16 big-endian bytes.
    struct Key: Hashable {
        var high: UInt64
        var low: UInt64

        /// The stored bytes.
        var data: Data {
            var bytes = Data(count: 16)
            bytes.withUnsafeMutableBytes { raw in
                raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
            }
            return bytes
        }
    }

    /// A sample's key.
    static func of(_ sample: HealthSample, syncIdentifier: String?) -> Key {
        var fields = Fields()
        if let syncIdentifier {
            fields.add("S")
            fields.add(sample.type)
            fields.add(syncIdentifier)
            return fields.key
        }
        fields.add("K")
        fields.add(sample.type)
        fields.add(sample.source.name)
        fields.add(sample.endDate.seconds)
        fields.add(sample.value ?? "")
        fields.add(sample.unit ?? "")
        return Key(high: UInt64(bitPattern: sample.startDate.seconds ^ Int64.min), low: fields.key.low)
    }

    /// A workout's key.
    static func of(_ workout: HealthWorkout, syncIdentifier: String?) -> Data {
        var fields = Fields()
        if let syncIdentifier {
            fields.add("SW")
            fields.add(syncIdentifier)
        } else {
            fields.add("W")
            fields.add(workout.activityType)
            fields.add(workout.source.name)
            fields.add(workout.startDate.seconds)
            fields.add(workout.endDate.seconds)
        }
        return fields.key.data
    }

    /// A correlation's key.
    static func of(_ correlation: HealthCorrelation, syncIdentifier: String?) -> Data {
        var fields = Fields()
        if let syncIdentifier {
            fields.add("SC")
            fields.add(correlation.type)
            fields.add(syncIdentifier)
        } else {
            fields.add("C")
            fields.add(correlation.type)
            fields.add(correlation.source.name)
            fields.add(correlation.startDate.seconds)
            fields.add(correlation.endDate.seconds)
        }
        return fields.key.data
    }

    /// Another top-level element's key: its name and attributes.
    static func ofOther(name: String, attributes: [HealthAttribute]) -> Data {
        var fields = Fields()
        fields.add("O")
        fields.add(name)
        for attribute in attributes {
            fields.add(attribute.name)
            fields.add(attribute.value)
        }
        return fields.key.data
    }

    /// The key of the `occurrence`-th (1, 2, …) record alike to the one keyed `identity` in one export: the same
    /// start instant, another hash.
    static func occurrence(_ occurrence: Int, of identity: Key) -> Key {
        var fields = Fields()
        fields.add("D")
        fields.add(Int64(bitPattern: identity.high))
        fields.add(Int64(bitPattern: identity.low))
        fields.add(Int64(occurrence))
        return Key(high: identity.high, low: fields.key.low)
    }

    /// Fields hashed in order, each preceded by its length: gathered into one buffer and hashed in one call (a call
    /// per field cost the reading thread more than the hashing itself).
    private struct Fields {
        var bytes: [UInt8] = []

        init() {
            bytes.reserveCapacity(192)
        }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                appendLength(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func add(_ number: Int64) {
            withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        }

        private mutating func appendLength(_ length: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian) { bytes.append(contentsOf: $0) }
        }

        var key: Key {
            let digest = SHA256.hash(data: bytes)
            return digest.withUnsafeBytes { raw in
                Key(
                    high: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                    low: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            }
        }
    }
}
