package import Foundation

/// A Python script run by tests as an independent oracle (wcwidth, fhirpathpy): its request on standard input, its
/// answer read from standard output.
package enum PythonScript {
    /// The script's failure: what it wrote to standard error.
    package struct Failure: Error, CustomStringConvertible {
        /// The script's file name.
        package var script: String
        /// What it wrote to standard error, or why its answer could not be read.
        package var message: String
        /// The failure as text.
        package var description: String { "\(script) failed: \(message)" }

        /// A failure of `script` (a file name) with `message`.
        package init(script: String, message: String) {
            self.script = script
            self.message = message
        }
    }

    /// Whether python3 can import `module`.
    package static func canImport(_ module: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }

    /// Runs `script` with python3, `input` on its standard input, and returns its standard output; throws `Failure`
    /// when it exits other than 0.
    package static func run(_ script: URL, input: String) throws -> Data {
        let inputPipe = Pipe()
        let output = Pipe()
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.standardInput = inputPipe
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Written from another thread: a large request fills the pipe before the script answers.
        let writer = Thread {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try? inputPipe.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(script: script.lastPathComponent, message: String(decoding: stderr, as: UTF8.self))
        }
        return data
    }
}
