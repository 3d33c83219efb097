import ResearchTasks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain lines from standard input when it is not a terminal (a pipe or a file); reads fd 0 with read(2).
///
/// `Swift.readLine()` is avoided on purpose: after a SIGINT it can spin on a sticky EOF (docs/terminal-input.md,
/// "Terminal or pipe").
package struct StandardInputLineSource: LineSource {
    private var reader: FileDescriptorLineReader
    private let echo: (any TextOutput)?
    private var signal: InterruptSignal?

    /// Creates a source on `fd` (default 0); when `echo` is given, each prompt text and line is written there.
    package init(fileDescriptor: Int32 = 0, echo: (any TextOutput)? = nil) {
        self.reader = FileDescriptorLineReader(fileDescriptor: fileDescriptor)
        self.echo = echo
    }

    /// Installs the clean-cancel SIGINT handler.
    package mutating func begin() throws(RunError) {
        signal = InterruptSignal()
    }

    /// Reads the next line, or reports end of input or an interrupt.
    package mutating func readLine(_ request: LineRequest) throws(RunError) -> LineEvent {
        echo?.write(request.promptText)
        let event = try reader.nextLine()
        switch event {
        case .line(let text): echo?.write(ControlCharacters.visible(text) + "\n")
        case .endOfInput: echo?.write("\n")
        case .interrupted: echo?.write("^C\n")
        }
        return event
    }

    /// Restores the signal handlers; a Ctrl-C after the last prompt still abandons the run.
    package mutating func end(completed: Bool) throws(RunError) {
        let pending = InterruptSignal.consume()
        signal?.restore(completed: completed && !pending)
        signal = nil
        if completed, pending { throw .interrupted }
    }
}

/// Splits bytes read with read(2) into lines ("\n" or "\r\n"); a last line without a newline still counts.
struct FileDescriptorLineReader {
    let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var reachedEnd = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// The next line, end of input, or an interrupt.
    mutating func nextLine() throws(RunError) -> LineEvent {
        while true {
            if InterruptSignal.consume() { return .interrupted }
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var lineBytes = buffer[..<newline]
                if lineBytes.last == UInt8(ascii: "\r") { lineBytes = lineBytes.dropLast() }
                let line = String(decoding: lineBytes, as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            if reachedEnd {
                guard !buffer.isEmpty else { return .endOfInput }
                let line = String(decoding: buffer, as: UTF8.self)
                buffer.removeAll()
                return .line(line)
            }
            if InputWait.wait(on: fileDescriptor) == .interrupted { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                reachedEnd = true
            } else if errno != EINTR, errno != EAGAIN {
                let reason = String(cString: strerror(errno))
                throw .io(RunIOProblem(target: "standard input", reason: "read failed: \(reason)"))
            }
        }
    }
}
