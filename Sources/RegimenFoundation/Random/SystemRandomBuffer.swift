#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's secure random bits, read 4 KiB at a time. Foundation's `UUID()` opens, reads and closes /dev/urandom
/// for each UUID on Linux, and the standard library's generator makes a system call for every 64 bits: a bulk ingest
/// (one new outcome per file) paid that 10,000 times.
package struct SystemRandomBuffer: RandomNumberGenerator {
    private static let wordsPerRefill = 512
    private var words = [UInt64](repeating: 0, count: wordsPerRefill)
    private var position = wordsPerRefill

    /// A generator that reads the system's generator when first used.
    package init() {}

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        if position == Self.wordsPerRefill {
            Self.fill(&words)
            position = 0
        }
        defer { position += 1 }
        return words[position]
    }

    /// Fills `words` from the kernel's secure generator: one read of /dev/urandom (arc4random_buf on Darwin), the
    /// standard library's system generator for whatever that read could not give.
    private static func fill(_ words: inout [UInt64]) {
        words.withUnsafeMutableBytes { raw in
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
