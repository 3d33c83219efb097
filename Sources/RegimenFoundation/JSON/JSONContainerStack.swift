/// The arrays and objects a `JSONReader` is inside, innermost last: one bit per level in a word for the first 64
/// levels (no allocation for ordinary documents), an array beyond.
struct JSONContainerStack {
    /// How many containers are open.
    private(set) var count = 0
    /// Bit `level` is set when the container at that level (below 64) is an object.
    private var objectBits: UInt64 = 0
    /// Levels 64 and deeper: whether each is an object.
    private var deeper: [Bool] = []

    var isEmpty: Bool { count == 0 }

    /// Whether the innermost open container is an object (false when none is open).
    var innermostIsObject: Bool {
        guard count > 0 else { return false }
        return isObject(at: count - 1)
    }

    @inline(__always)
    private func isObject(at level: Int) -> Bool {
        level < 64 ? objectBits & (1 << UInt64(level)) != 0 : deeper[level - 64]
    }

    /// Opens a container.
    @inline(__always)
    mutating func push(isObject: Bool) {
        if count < 64 {
            let bit: UInt64 = 1 << UInt64(count)
            objectBits = isObject ? objectBits | bit : objectBits & ~bit
        } else {
            deeper.append(isObject)
        }
        count += 1
    }

    /// Closes the innermost container and returns whether it was an object.
    @inline(__always)
    mutating func pop() -> Bool {
        count -= 1
        return count < 64 ? objectBits & (1 << UInt64(count)) != 0 : deeper.removeLast()
    }
}
