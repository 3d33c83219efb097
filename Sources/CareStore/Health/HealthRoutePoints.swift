import Foundation
import HealthData

/// Route points as the store keeps them (docs/health-export.md, "How the store keeps an export"): eight little-endian
/// doubles per point — time (seconds since 1970 UTC), latitude, longitude, altitude, horizontal and vertical accuracy,
/// course, speed — NaN where the file has no value.
enum HealthRoutePoints {
    /// The packed bytes of `points`.
    static func packed(_ points: [HealthRoutePoint]) -> Data {
        var bits: [UInt64] = []
        bits.reserveCapacity(points.count * 8)
        for point in points {
            for value in [
                point.time, point.latitude, point.longitude, point.altitude ?? .nan, point.horizontalAccuracy ?? .nan,
                point.verticalAccuracy ?? .nan, point.course ?? .nan, point.speed ?? .nan,
            ] {
                bits.append(value.bitPattern.littleEndian)
            }
        }
        return bits.withUnsafeBytes { Data($0) }
    }

    /// The points of packed `data` (a trailing partial point is ignored).
    static func unpacked(_ data: Data) -> [HealthRoutePoint] {
        let values: [Double] = data.withUnsafeBytes { raw in
            (0..<(raw.count / 8)).map {
                Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
            }
        }
        func optional(_ value: Double) -> Double? { value.isNaN ? nil : value }
        return stride(from: 0, to: values.count - values.count % 8, by: 8).map { index in
            HealthRoutePoint(
                time: values[index], latitude: values[index + 1], longitude: values[index + 2],
                altitude: optional(values[index + 3]), horizontalAccuracy: optional(values[index + 4]),
                verticalAccuracy: optional(values[index + 5]), course: optional(values[index + 6]),
                speed: optional(values[index + 7]))
        }
    }
}
