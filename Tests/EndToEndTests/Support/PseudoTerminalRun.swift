import Foundation

#if canImport(Glibc)
    import Glibc

    // glibc declares these only under _XOPEN_SOURCE, which Swift's Glibc module is not built with.
    @_silgen_name("posix_openpt") private func posix_openpt(_ flags: Int32) -> Int32
    @_silgen_name("grantpt") private func grantpt(_ descriptor: Int32) -> Int32
    @_silgen_name("unlockpt") private func unlockpt(_ descriptor: Int32) -> Int32
    @_silgen_name("ptsname") private func ptsname(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>?
#endif

/// Runs the built `regimen` with standard output and standard error on a pseudo-terminal (so it sees a terminal
/// there, as a participant's shell gives it) and standard input on a pipe; returns everything it wrote to the terminal.
enum PseudoTerminalRun {
    /// What one run returned and wrote, escape sequences included.
    struct Outcome {
        var status: Int32
        var terminal: String
    }

    /// Runs `regimen arguments…` in `directory` with exactly `environment`, `input` piped to standard input.
    static func run(_ arguments: [String], input: String = "", in directory: URL, environment: [String: String]) throws
        -> Outcome
    {
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw CocoaError(.fileReadUnknown, userInfo: ["reason": "no pseudo-terminal"])
        }
        defer { close(master) }
        let follower = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard follower >= 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: ["reason": "cannot open \(String(cString: name))"])
        }

        // Read the terminal while the child runs, so it never blocks on a full buffer; ends at EIO once it exits.
        let collected = Collected()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                collected.append(buffer[..<count])
            }
            collected.finish()
        }
        reader.start()

        let process = Process()
        process.executableURL = RegimenProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: follower, closeOnDealloc: true)
        process.standardOutput = terminal
        process.standardError = terminal
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        try terminal.close()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, terminal: collected.text(waitingUpTo: 10))
    }

    /// Bytes read from the terminal, shared with the reading thread.
    private final class Collected: @unchecked Sendable {
        private let condition = NSCondition()
        private var bytes: [UInt8] = []
        private var done = false

        func append(_ chunk: ArraySlice<UInt8>) {
            condition.lock()
            bytes += chunk
            condition.unlock()
        }

        func finish() {
            condition.lock()
            done = true
            condition.broadcast()
            condition.unlock()
        }

        func text(waitingUpTo seconds: Double) -> String {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(seconds)
            while !done, condition.wait(until: deadline) {}
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
