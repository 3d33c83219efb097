import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random (version 4) UUIDs from the system's secure generator, 256 at a time: Foundation's `UUID()` opens, reads and
/// closes /dev/urandom for each one on Linux, which a bulk ingest (one new outcome per file) paid 10,000 times.
struct RandomUUIDs {
    private static let perRefill = 256
    private var bytes = [UInt8](repeating: 0, count: 16 * perRefill)
    private var next = perRefill

    /// A new random UUID (RFC 9562 version 4, variant 10).
    mutating func make() -> UUID {
        if next == Self.perRefill {
            Self.fill(&bytes)
            next = 0
        }
        let offset = next * 16
        next += 1
        return bytes.withUnsafeBufferPointer { buffer in
            let b = UnsafeBufferPointer(rebasing: buffer[offset..<(offset + 16)])
            return UUID(uuid: (
                b[0], b[1], b[2], b[3], b[4], b[5], b[6] & 0x0F | 0x40, b[7],
                b[8] & 0x3F | 0x80, b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        }
    }

    /// Fills `buffer` from the kernel's secure generator: one read of /dev/urandom (arc4random_buf on Darwin), the
    /// system generator Swift uses when that cannot be read.
    private static func fill(_ buffer: inout [UInt8]) {
        buffer.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            var filled = 0
            #if canImport(Darwin)
                arc4random_buf(base, raw.count)
                filled = raw.count
            #else
                let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
                if descriptor >= 0 {
                    defer { close(descriptor) }
                    while filled < raw.count {
                        let count = read(descriptor, base + filled, raw.count - filled)
                        if count > 0 {
                            filled += count
                        } else if count == 0 || errno != EINTR {
                            break
                        }
                    }
                }
            #endif
            var generator = SystemRandomNumberGenerator()
            for index in filled..<raw.count { raw[index] = generator.next() }
        }
    }
}
