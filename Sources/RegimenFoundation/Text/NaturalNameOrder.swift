/// File names in the order a person numbering them meant: `day-2.json` before `day-10.json`. Names are compared byte
/// by byte, except that runs of ASCII digits compare by their value (leading zeros ignored; equal values compare
/// equal, so `day-02` and `day-2` are a tie the caller breaks). Other bytes compare by value, so a name that is a
/// prefix of another comes first. This is a total preorder: comparing names as sequences of tokens, a token being one
/// non-digit byte or one digit run read as a number.
package enum NaturalNameOrder {
    /// Negative when `lhs` comes first, zero for a tie, positive when `rhs` comes first.
    package static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        var left = 0
        var right = 0
        while left < lhs.count && right < rhs.count {
            let a = lhs[left]
            let b = rhs[right]
            guard isDigit(a) && isDigit(b) else {
                if a != b { return a < b ? -1 : 1 }
                left += 1
                right += 1
                continue
            }
            // Two digit runs: the one with more significant digits is larger, else the first differing digit decides.
            let leftRun = digitRun(lhs, from: left)
            let rightRun = digitRun(rhs, from: right)
            let leftDigits = leftRun.end - leftRun.significant
            let rightDigits = rightRun.end - rightRun.significant
            if leftDigits != rightDigits { return leftDigits < rightDigits ? -1 : 1 }
            for offset in 0..<leftDigits {
                let x = lhs[leftRun.significant + offset]
                let y = rhs[rightRun.significant + offset]
                if x != y { return x < y ? -1 : 1 }
            }
            left = leftRun.end
            right = rightRun.end
        }
        let leftRest = lhs.count - left
        let rightRest = rhs.count - right
        return leftRest == rightRest ? 0 : (leftRest < rightRest ? -1 : 1)
    }

    /// Appends to `key` bytes that order names as `compare` does, compared byte by byte (`ByteKeys`): every byte but a
    /// digit as it is; a digit run as `0`, its number of significant digits in four bytes (big-endian), then those
    /// digits. Against any other byte, `0` decides as the run's first digit would (no other byte lies between digits).
    package static func appendSortKey(of name: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        var index = 0
        while index < name.count {
            guard isDigit(name[index]) else {
                key.append(name[index])
                index += 1
                continue
            }
            let run = digitRun(name, from: index)
            let digits = UInt32(run.end - run.significant)
            key.append(UInt8(ascii: "0"))
            ByteKeys.appendBigEndian(digits, to: &key)
            key.append(contentsOf: name[run.significant..<run.end])
            index = run.end
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The digit run starting at `start`: where its first non-zero digit is (its end when all zeros) and its end.
    private static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (significant: Int, end: Int) {
        var end = start
        var significant: Int?
        while end < bytes.count && isDigit(bytes[end]) {
            if significant == nil && bytes[end] != UInt8(ascii: "0") { significant = end }
            end += 1
        }
        return (significant ?? end, end)
    }
}
