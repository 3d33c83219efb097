import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by our handler of SIGINT, SIGHUP and SIGTERM; read by the line sources (docs/terminal-input.md, "Terminal or
/// pipe").
let interruptRequested = Atomic<Bool>(false)
/// The last of those signals to arrive (0: none since the handler was installed).
let interruptingSignal = Atomic<Int32>(0)

/// Our handler while a run reads input: it only sets a flag (no SA_RESTART, so a blocked read returns EINTR). Ctrl-C
/// (SIGINT), a closed terminal (SIGHUP) and a polite kill (SIGTERM) all end the read as `.interrupted`, so the run
/// can keep what was typed before exiting (docs/finish-later.md, "Interrupted runs").
struct InterruptSignal {
    /// The signals handled, and what was in force for each before.
    private static let signals = [SIGINT, SIGHUP, SIGTERM]
    private var previous: [sigaction]

    /// Installs the flag-setting handler and unblocks the signals (a parent may hand them to us blocked,
    /// docs/terminal-input.md, "Terminal or pipe").
    init() {
        interruptRequested.store(false, ordering: .sequentiallyConsistent)
        interruptingSignal.store(0, ordering: .sequentiallyConsistent)
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { signal in
                interruptingSignal.store(signal, ordering: .sequentiallyConsistent)
                interruptRequested.store(true, ordering: .sequentiallyConsistent)
            }
        #else
            action.__sigaction_u.__sa_handler = { signal in
                interruptingSignal.store(signal, ordering: .sequentiallyConsistent)
                interruptRequested.store(true, ordering: .sequentiallyConsistent)
            }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var set = sigset_t()
        sigemptyset(&set)
        previous = Self.signals.map { signal in
            var old = sigaction()
            sigaction(signal, nil, &old)
            // A hangup or kill ignored on entry stays ignored (`nohup regimen run … < answers &` finishes its run).
            if signal != SIGINT, Self.isIgnored(old) { return old }
            sigaction(signal, &action, nil)
            sigaddset(&set, signal)
            return old
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Whether `disposition` ignores its signal.
    private static func isIgnored(_ disposition: sigaction) -> Bool {
        #if canImport(Glibc)
            let handler = disposition.__sigaction_handler.sa_handler
        #else
            let handler = disposition.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Puts back the dispositions that were in force before. When the run was abandoned because the terminal went
    /// away (`inputEnded` at a terminal, or SIGHUP) or the process was asked to end (SIGTERM), that signal is ignored
    /// from then on instead: the process is ending, and a second one (the kernel sends SIGHUP when the terminal's
    /// session leader exits, possibly after the terminal's end of input was read) must not kill it while it keeps
    /// what was typed (docs/finish-later.md, "Interrupted runs").
    func restore(completed: Bool, terminalInputEnded: Bool = false) {
        let last = interruptingSignal.load(ordering: .sequentiallyConsistent)
        for (signal, disposition) in zip(Self.signals, previous) {
            let ending =
                !completed
                && ((signal == SIGHUP && (terminalInputEnded || last == SIGHUP))
                    || (signal == SIGTERM && last == SIGTERM))
            var replacement = disposition
            if ending {
                replacement = sigaction()
                #if canImport(Glibc)
                    replacement.__sigaction_handler.sa_handler = SIG_IGN
                #else
                    replacement.__sigaction_u.__sa_handler = SIG_IGN
                #endif
                sigemptyset(&replacement.sa_mask)
            }
            sigaction(signal, &replacement, nil)
        }
    }

    /// Whether an interrupt arrived and has not been consumed.
    static var isPending: Bool { interruptRequested.load(ordering: .sequentiallyConsistent) }

    /// Returns whether an interrupt arrived, and clears it.
    static func consume() -> Bool { interruptRequested.exchange(false, ordering: .sequentiallyConsistent) }
}

/// Waits until `fd` is readable or an interrupt is pending; polls so a SIGINT delivered to another thread is seen too.
enum InputWait {
    /// What ended the wait.
    enum Outcome { case readable, interrupted }

    /// Blocks until input can be read from `fd` or SIGINT arrived.
    static func wait(on fd: Int32) -> Outcome {
        while true {
            if InterruptSignal.isPending { return .interrupted }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            if ready > 0 { return .readable }
            if ready < 0, errno != EINTR { return .readable }  // let the following read report the error
        }
    }
}
