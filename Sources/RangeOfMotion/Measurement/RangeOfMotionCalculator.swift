public import Foundation
package import SystemPackage

/// ResearchKit's knee/shoulder range-of-motion computation, replayed over a recording (docs/range-of-motion.md).
public enum RangeOfMotionCalculator {
    /// Replays every sample in file order, then the final tap, and returns ResearchKit's five values.
    ///
    /// Relative attitude = `conj(first) ⊗ current` (docs/range-of-motion.md, "Quaternions and attitude":
    /// `multiplyByInverseOfAttitude:` in the body-frame order; the other order flips the knee result's sign). Angles,
    /// the (90°,180°] → −360° shift, the 0.0 sentinel of the minimum and the final formulas follow
    /// docs/range-of-motion.md, "The per-sample procedure" literally, so results match ResearchKit's far inside 1e-9°
    /// (what remains free is libm's `atan2` and rounding-level grouping inside the angle macros).
    ///
    /// When `orientation` is nil it is guessed from the first sample's gravity (docs/range-of-motion.md, "Angle
    /// formulas"); without gravity (or without samples) the guess is portrait, ResearchKit's formula for an unknown
    /// orientation (docs/range-of-motion.md, "Angle formulas").
    package static func measure(_ recording: MotionRecording, orientation: Orientation? = nil)
        -> RangeOfMotionMeasurement
    {
        var replay = RangeOfMotionReplay(orientation: orientation)
        for sample in recording.samples {
            replay.add(sample)
        }
        return replay.measurement()
    }

    /// Measures the recording file at `path` while reading it: memory stays flat however long the recording is, and
    /// the values equal `measure(MotionRecording.load(contentsOf: path))`'s. A long file is read in parts on all cores
    /// (`ParallelMeasurement`; `parts` and `partBytes` bound their number and least length), a short one in one pass.
    /// Errors are those of `MotionRecording.load` (`.empty` for a recording without samples).
    package static func measure(
        contentsOf path: FilePath, orientation: Orientation? = nil,
        parts: Int = ProcessInfo.processInfo.activeProcessorCount,
        partBytes: Int? = nil
    ) throws(MotionRecordingError) -> RangeOfMotionMeasurement {
        let cuts = MotionRecordingParts.cuts(
            ofFileAt: path, parts: parts, minimumBytes: partBytes ?? MotionRecordingParts.minimumPartBytes)
        if !cuts.isEmpty,
            let measurement = try ParallelMeasurement.measure(contentsOf: path, cuts: cuts, orientation: orientation)
        {
            return measurement
        }
        return try measureInOnePass(contentsOf: path, orientation: orientation)
    }

    /// `measure(contentsOf:)` reading the file from start to end on this thread.
    package static func measureInOnePass(contentsOf path: FilePath, orientation: Orientation? = nil)
        throws(MotionRecordingError) -> RangeOfMotionMeasurement
    {
        try MotionRecording.withSamples(contentsOf: path) {
            (reader: inout MotionSampleReader) throws(MotionRecordingError) in
            try reader.start()
            var replay = RangeOfMotionReplay(orientation: orientation)
            while let sample = try reader.next(allFields: false) {
                replay.add(sample)
            }
            guard replay.sampleCount > 0 else { throw .empty }
            return replay.measurement()
        }
    }

    /// For the Benchmarks package: `measure(contentsOf:)` with its error untyped, so the error types stay `package`.
    public static func benchmarkMeasure(contentsOf url: URL) throws -> RangeOfMotionMeasurement {
        try measure(contentsOf: FilePath(url.path))
    }

    /// The orientation guess for a recording: from the first sample's gravity, else portrait.
    package static func guessOrientation(_ recording: MotionRecording) -> Orientation {
        RangeOfMotionReplay.guess(recording.samples.first?.gravity)
    }
}
