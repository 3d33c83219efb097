import Foundation
import RangeOfMotion

/// Writes a deterministic ResearchKit-format device-motion recording: a phone in portrait on the shin, knee extending
/// 0…80° in 6-second cycles with small jitter, 100 Hz, every ORK field present (docs/range-of-motion.md, "Recording
/// files").
enum RecordingGenerator {
    /// A fixed-seed linear congruential generator, so every run writes the same bytes.
    struct SeededRandom {
        var state: UInt64
        /// Uniform in [-1, 1).
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 52) - 1
        }
    }

    /// The recording's JSON text for `sampleCount` samples.
    static func json(sampleCount: Int) -> String {
        var random = SeededRandom(state: 0x5EED_0042)
        var out = "{\"items\":["
        out.reserveCapacity(sampleCount * 520)
        for index in 0..<sampleCount {
            let t = Double(index) / 100
            let extension_ = 40 * (1 - cos(2 * Double.pi * t / 6))
            let pitch = (90 - extension_ + 0.3 * random.next()) * Double.pi / 180
            let yaw = 0.5 * random.next() * Double.pi / 180
            // q = rotZ(yaw) ⊗ rotX(pitch)
            let (sx, cx) = (sin(pitch / 2), cos(pitch / 2))
            let (sz, cz) = (sin(yaw / 2), cos(yaw / 2))
            let q = (x: cz * sx, y: sz * sx, z: sz * cx, w: cz * cx)
            // gravity in device axes = R(q)ᵀ (0, 0, −1): minus the third row of R(q)
            let gx = -(2 * (q.x * q.z - q.w * q.y))
            let gy = -(2 * (q.y * q.z + q.w * q.x))
            let gz = -(1 - 2 * (q.x * q.x + q.y * q.y))
            if index > 0 { out += "," }
            out += "{\"attitude\":{\"y\":\(q.y),\"w\":\(q.w),\"z\":\(q.z),\"x\":\(q.x)}"
            out += ",\"timestamp\":\(80512.437 + t),\"timestampSince1970\":\(1_767_261_600 + t)"
            out +=
                ",\"rotationRate\":{\"x\":\(0.05 * random.next()),\"y\":\(0.05 * random.next()),\"z\":\(0.05 * random.next())}"
            out +=
                ",\"userAcceleration\":{\"x\":\(0.01 * random.next()),\"y\":\(0.01 * random.next()),\"z\":\(0.01 * random.next())}"
            out += ",\"gravity\":{\"x\":\(gx),\"y\":\(gy),\"z\":\(gz)}"
            out += ",\"magneticField\":{\"y\":0,\"z\":0,\"x\":0,\"accuracy\":-1}}"
        }
        return out + "]}"
    }

    /// Writes the recording to `url` unless an identical file is already there; returns its size in bytes.
    @discardableResult
    static func write(sampleCount: Int, to url: URL) throws -> Int {
        let data = Data(json(sampleCount: sampleCount).utf8)
        if let existing = try? Data(contentsOf: url), existing == data { return data.count }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return data.count
    }
}
