import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `regimen` in a child process with a deadline and an address-space cap, and measures it: how long
/// it took and its peak resident memory (the high-water mark `VmHWM` of /proc/PID/status, sampled while it runs: the
/// `ru_maxrss` of `wait4` starts from the spawning process's own peak, which for a long test run is larger than the
/// child's). A run that would hang or
/// fill memory is killed at the deadline or stopped by the cap, so a test on a broken build fails instead of hanging.
struct BoundedRun {
    /// What one run did.
    struct Outcome {
        /// The exit status, or nil when the run was killed at the deadline or died of a signal.
        var status: Int32?
        /// Wall-clock seconds from start to exit (or to the kill).
        var seconds: Double
        /// Processor seconds (user and system) the child used: unlike wall-clock time, not stretched by other
        /// processes competing for the cores.
        var cpuSeconds: Double
        /// Peak resident memory in KiB.
        var peakKiB: Int
        var stdout: String
        var stderr: String
    }

    /// Runs `regimen arguments…` in `directory` with `environment`, stdin from /dev/null, killed after `deadline`
    /// seconds and unable to map more than `addressSpaceKiB` (`ulimit -v`, set by /bin/sh before it execs regimen).
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String], deadline: Double = 10,
        addressSpaceKiB: Int = 2 << 20
    ) throws -> Outcome {
        let stdoutFile = directory.appendingPathComponent("bounded-stdout-\(UUID().uuidString)")
        let stderrFile = directory.appendingPathComponent("bounded-stderr-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: stdoutFile)
            try? FileManager.default.removeItem(at: stderrFile)
        }
        let script = "ulimit -v \(addressSpaceKiB) && cd \"$1\" && shift && exec \"$@\""
        let argv = ["/bin/sh", "-c", script, "sh", directory.path, RegimenProcess.executable.path] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderrFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Swift Testing's threads block some signals; the child starts with none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = envp.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw CocoaError(.executableLoad, userInfo: ["errno": spawned]) }

        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        var peakKiB = 0
        while true {
            // Sampled before reaping: VmHWM only grows, so the last sample is the peak up to a few milliseconds
            // before the exit.
            peakKiB = max(peakKiB, Self.highWaterKiB(of: pid) ?? 0)
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            if waited < 0, errno != EINTR { throw CocoaError(.executableLoad, userInfo: ["errno": errno]) }
            if !killed, Date().timeIntervalSince(start) > deadline {
                kill(pid, SIGKILL)
                killed = true
            }
            usleep(5_000)
        }
        let seconds = Date().timeIntervalSince(start)
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        let exited = status & 0x7f == 0
        return Outcome(
            status: exited && !killed ? (status >> 8) & 0xff : nil,
            seconds: seconds,
            cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
            peakKiB: peakKiB > 0 ? peakKiB : Int(usage.ru_maxrss),
            stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
        )
    }

    /// The `VmHWM` line of /proc/PID/status in KiB, while the process lives.
    private static func highWaterKiB(of pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }
}
