import Foundation
import Synchronization

/// Limits enrollment attempts per client address (docs/study-service.md, "Limits"): a bucket of `burst` attempts per
/// address, refilled by one every `refill` seconds; an empty bucket answers 429 with the seconds to wait. Kept in each
/// instance's memory: behind a load balancer each instance limits on its own, so the study's limit is the sum.
final class EnrollmentLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let burst: Double
    private let refill: Double
    private let buckets = Mutex<[String: Bucket]>([:])

    /// A limiter allowing `burst` attempts at once and one more every `refill` seconds.
    init(burst: Int, refill: Double) {
        self.burst = Double(burst)
        self.refill = refill
    }

    /// Takes one attempt for `address`: nil when allowed, else the whole seconds to wait.
    func attempt(from address: String, now: ContinuousClock.Instant = .now) -> Int? {
        buckets.withLock { buckets in
            if buckets.count > 100_000 { buckets.removeAll(keepingCapacity: true) }
            var bucket = buckets[address] ?? Bucket(tokens: burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + seconds / refill)
            bucket.updated = now
            defer { buckets[address] = bucket }
            guard bucket.tokens >= 1 else { return Int(((1 - bucket.tokens) * refill).rounded(.up)) }
            bucket.tokens -= 1
            return nil
        }
    }
}
