import Benchmark

// Placeholder: the owning work fills this in.
nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
}
