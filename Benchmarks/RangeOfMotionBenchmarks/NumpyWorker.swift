import Foundation

/// A persistent `python3 numpy_baseline.py FILE --serve` process: each `run()` asks it for one parse + measure of
/// the file and returns its JSON answer, so interpreter start-up and `import numpy` are not timed.
final class NumpyWorker {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    /// Starts the worker on `file`.
    init(script: URL, file: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, file.path, "--serve"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// One parse + measure in Python; the answer's keys are those of `numpy_baseline.py` (start … seconds).
    func run() throws -> [String: Any] {
        input.fileHandleForWriting.write(Data("run\n".utf8))
        while !buffer.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown) }
            buffer.append(chunk)
        }
        let newline = buffer.firstIndex(of: 0x0A)!
        let line = buffer[buffer.startIndex..<newline]
        buffer = Data(buffer[(newline + 1)...])
        return (try JSONSerialization.jsonObject(with: line) as? [String: Any]) ?? [:]
    }

    /// Ends the worker.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
