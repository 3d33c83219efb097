#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Somewhere prompting text is written.
public protocol TextOutput: Sendable {
    /// Writes the text as is (no newline added).
    func write(_ text: String)
}

/// Writes to a file descriptor with write(2) (1 = standard output, 2 = standard error).
public struct FileDescriptorOutput: TextOutput {
    /// The descriptor written to.
    public let fileDescriptor: Int32

    /// Creates an output on `fileDescriptor`.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Standard output.
    public static let standardOutput = FileDescriptorOutput(fileDescriptor: 1)
    /// Standard error.
    public static let standardError = FileDescriptorOutput(fileDescriptor: 2)

    /// Writes all bytes, retrying after interrupts and short writes; output errors are ignored (nowhere to report them).
    public func write(_ text: String) {
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
public struct DiscardingOutput: TextOutput {
    /// Creates a discarding output.
    public init() {}
    /// Ignores the text.
    public func write(_ text: String) {}
}

/// Keeps everything written, for tests.
public final class CapturedOutput: TextOutput {
    private let storage = Mutex("")

    /// Creates an empty capture.
    public init() {}

    /// Appends the text.
    public func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Everything written so far.
    public var text: String { storage.withLock { $0 } }
}

/// write(2), named apart from `TextOutput.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
