#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Set by the SIGINT handler; read by the line sources (docs/terminal-input.md, "Terminal or pipe").
let interruptRequested = Atomic<Bool>(false)

/// Our SIGINT handler while a run reads input: it only sets a flag (no SA_RESTART, so a blocked read returns EINTR).
struct InterruptSignal {
    private var previous: sigaction

    /// Installs the flag-setting handler and unblocks SIGINT (a parent may hand us a blocked SIGINT, docs/terminal-input.md, "Terminal or pipe").
    init() {
        interruptRequested.store(false, ordering: .sequentiallyConsistent)
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in interruptRequested.store(true, ordering: .sequentiallyConsistent) }
        #else
        action.__sigaction_u.__sa_handler = { _ in interruptRequested.store(true, ordering: .sequentiallyConsistent) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var old = sigaction()
        sigaction(SIGINT, &action, &old)
        previous = old
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Puts back the SIGINT disposition that was in force before.
    func restore() {
        var old = previous
        sigaction(SIGINT, &old, nil)
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
