#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// A number written with a fixed count of decimals exactly as C's `%.*f` writes it (the nearest decimal, ties as the C
/// library breaks them), without Foundation's `String(format:)`: its formatting machinery cost `regimen motion` more
/// start-up than the rest of its output (docs/performance.md, "Range of motion").
package enum FixedDecimalText {
    /// `value` with `decimals` digits after the point ("-0.000000" stays as C writes it).
    package static func text(_ value: Double, decimals: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 48)
        let precision = Int32(max(0, min(decimals, 60)))
        while true {
            let capacity = buffer.count
            let written = buffer.withUnsafeMutableBufferPointer { out in
                withVaList([precision, value]) { arguments in
                    vsnprintf(out.baseAddress, capacity, "%.*f", arguments)
                }
            }
            guard written >= 0 else { return String(value) }
            if Int(written) < capacity {
                return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: Int(written) + 1)
        }
    }
}
