import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Shows long text one screen at a time (docs/articles.md, "Paging"), as git and man do: when standard output is a
/// terminal and the text has more lines than the terminal has rows, it is piped to `$PAGER` (run by `/bin/sh -c`),
/// else to `less` with `LESS=FRX` unless `LESS` is set (quit when the text fits, keep our colors, leave the text on
/// the screen). `PAGER=` (empty) or `cat`, or a pager that cannot be started, prints the text directly.
enum Pager {
    /// Writes `text` to standard output, through the pager when it is longer than the screen.
    static func show(_ text: String, lineCount: Int, environment: RegimenEnvironment, disabled: Bool) {
        guard !disabled, environment.stdoutIsTerminal, lineCount > screenRows(environment) else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        let command = environment.variables["PAGER"] ?? "less"
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty, command != "cat" else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var variables = environment.variables
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        process.environment = variables
        let pipe = Pipe()
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        // A pager quit before the end closes the pipe: the rest is not wanted (SIGPIPE is ignored, write fails).
        signal(SIGPIPE, SIG_IGN)
        do {
            try pipe.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        } catch {}
        do {
            try pipe.fileHandleForWriting.close()
        } catch {}
        process.waitUntilExit()
    }

    /// The terminal's rows: `LINES` when it is a positive number, else the size standard output reports, else 24.
    static func screenRows(_ environment: RegimenEnvironment) -> Int {
        if let text = environment.variables["LINES"], let rows = Int(text), rows > 0 { return rows }
        var size = winsize()
        guard withUnsafeMutablePointer(to: &size, { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }) == 0, size.ws_row > 0
        else { return 24 }
        return Int(size.ws_row)
    }
}
