import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Somewhere prompting text is written.
package protocol TextOutput: Sendable {
    /// Writes the text as is (no newline added).
    func write(_ text: String)
}

/// Writes to a file descriptor with write(2) (1 = standard output, 2 = standard error).
package struct FileDescriptorOutput: TextOutput {
    /// The descriptor written to.
    package let fileDescriptor: Int32

    /// Creates an output on `fileDescriptor`.
    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Standard output.
    package static let standardOutput = FileDescriptorOutput(fileDescriptor: 1)
    /// Standard error.
    package static let standardError = FileDescriptorOutput(fileDescriptor: 2)

    /// Writes all bytes, retrying after interrupts and short writes; output errors are ignored (nowhere to report
    /// them).
    package func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(fileDescriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

/// Discards everything (`--quiet`).
package struct DiscardingOutput: TextOutput {
    /// Creates a discarding output.
    package init() {}
    /// Ignores the text.
    package func write(_ text: String) {}
}

/// Keeps everything written, for tests.
package final class CapturedOutput: TextOutput {
    private let storage = Mutex("")

    /// Creates an empty capture.
    package init() {}

    /// Appends the text.
    package func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Everything written so far.
    package var text: String { storage.withLock { $0 } }
}

/// write(2), named apart from `TextOutput.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}
