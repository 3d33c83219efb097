import SystemPackage

/// The bytes a `JSONReader` works through: a caller's buffer, or a buffer refilled in chunks from a
/// `JSONByteSource`. Bytes before the token being read are let go at each refill (after counting their lines and
/// columns), so memory is bounded by the chunk size and the longest token, not by the document. Counting is
/// skipped for the common let-go stretch that holds neither a line feed nor a non-ASCII byte (then the column
/// just moves by its length): the scanners mark where such bytes were consumed (`markSpecial(upTo:)`).
@usableFromInline
struct JSONInput: ~Copyable {
    /// Bytes read per refill when a source is given.
    static let chunkSize = 1 << 18

    /// The buffered bytes.
    @usableFromInline private(set) var base: UnsafePointer<UInt8>
    /// How many bytes of `base` hold input.
    private(set) var count: Int
    /// The next byte to read.
    var position = 0
    /// The start of the token being read: it and the bytes after it are kept when the buffer is refilled.
    var tokenStart = 0
    /// How many input bytes came before `base[0]` (let go at refills).
    private(set) var released = 0
    /// The buffer this input owns (nil when reading a caller's buffer).
    private var storage: UnsafeMutableRawBufferPointer?
    /// Where more bytes come from (nil: `base` holds all input).
    private let source: JSONByteSource?
    /// A file to close with the input.
    private let descriptor: FileDescriptor?
    /// Whether the source has reported its end or failed.
    private var exhausted: Bool
    /// Line and column (1-based, in Unicode scalars) of `base[0]`.
    private var line = 1
    private var column = 1
    /// Bytes before `base[specialEnd]` may hold a line feed or a non-ASCII byte; from it on, bytes consumed so far
    /// hold neither (line feeds occur only in whitespace, non-ASCII bytes only in strings, and both mark here).
    private var specialEnd = 0
    /// Why the source failed, when it did; the reader then reports an unexpected end.
    private(set) var readFailure: Errno?

    /// Reads `bytes`, which must stay valid while the input is used.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        // An empty buffer may have no base address; point at a byte that is never read (count is 0).
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
        count = bytes.count
        source = nil
        descriptor = nil
        exhausted = true
    }

    /// Reads from `source` in chunks of `chunkSize` bytes.
    init(source: JSONByteSource, chunkSize: Int = JSONInput.chunkSize, closing descriptor: FileDescriptor? = nil) {
        self.descriptor = descriptor
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 16), alignment: 16)
        self.storage = storage
        base = UnsafePointer(storage.baseAddress!.assumingMemoryBound(to: UInt8.self))
        count = 0
        self.source = source
        exhausted = false
    }

    deinit {
        storage?.deallocate()
        try? descriptor?.close()
    }

    /// The byte at `position + offset`, reading more input when needed; nil at the end of the input.
    @inline(__always)
    mutating func peek(offset: Int = 0) -> UInt8? {
        while position + offset >= count {
            guard refill() else { return nil }
        }
        return base[position + offset]
    }

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    @inline(__always)
    mutating func skipWhitespace() {
        while true {
            if position == count, !refill() { return }
            switch base[position] {
            case 0x20, 0x0D, 0x09: position += 1
            case 0x0A:
                position += 1
                specialEnd = position
                // A line's indentation, 8 spaces at a time (pretty-printed result files are a third spaces).
                skipSpacesInWords()
            default: return
            }
        }
    }

    /// Reads more input after `count`, first letting go of the bytes before the current token (and moving the rest
    /// to the front). Returns whether any byte was added.
    mutating func refill() -> Bool {
        guard !exhausted, let source, let storage else { return false }
        let drop = min(tokenStart, position)
        if drop > 0 {
            if specialEnd > 0 {
                advanceLocation(over: UnsafeBufferPointer(start: base, count: drop))
                specialEnd = max(specialEnd - drop, 0)
            } else {
                column += drop  // only ASCII, no line feed: one column per byte
            }
            released += drop
            let buffer = storage.baseAddress!
            buffer.copyMemory(from: buffer + drop, byteCount: count - drop)
            count -= drop
            position -= drop
            tokenStart -= drop
        }
        if count == storage.count {
            // One token fills the buffer: make room for it to continue.
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 16)
            larger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: count)
            storage.deallocate()
            self.storage = larger
            base = UnsafePointer(larger.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        let free = UnsafeMutableRawBufferPointer(rebasing: self.storage![count...])
        do {
            let read = try source.read(free)
            guard read > 0 else {
                exhausted = true
                return false
            }
            count += min(read, free.count)
            return true
        } catch {
            readFailure = error
            exhausted = true
            return false
        }
    }

    /// Notes that bytes before `base[end]` may hold a line feed or a non-ASCII byte (so their place is counted).
    @inline(__always)
    mutating func markSpecial(upTo end: Int) {
        specialEnd = max(specialEnd, end)
    }

    /// Moves the line and column of `base[0]` past `bytes`: 8 bytes at a time where they hold no line feed
    /// (columns count the bytes that start a character, i.e. are not 0b10xxxxxx), byte by byte otherwise.
    private mutating func advanceLocation(over bytes: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let lineFeeds = word ^ (ones &* 0x0A)
            if (lineFeeds &- ones) & ~lineFeeds & highs != 0 {  // some byte is a line feed
                for offset in index..<index + 8 { advanceLocation(over: bytes[offset]) }
            } else {
                let continuations = word & ~(word << 1) & highs
                column += 8 - continuations.nonzeroBitCount
            }
            index += 8
        }
        for offset in index..<bytes.count { advanceLocation(over: bytes[offset]) }
    }

    @inline(__always)
    private mutating func advanceLocation(over byte: UInt8) {
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// The 1-based line and column of `base[index]`.
    func location(of index: Int) -> (line: Int, column: Int) {
        var line = self.line
        var column = self.column
        for byte in UnsafeBufferPointer(start: base, count: min(index, count)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// A syntax error at `index` (default: the current position).
    func error(_ problem: JSONSyntaxError.Problem, at index: Int? = nil) -> JSONSyntaxError {
        let (line, column) = location(of: index ?? position)
        return JSONSyntaxError(problem: problem, line: line, column: column)
    }
}
