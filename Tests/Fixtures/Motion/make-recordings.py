#!/usr/bin/env python3
"""Writes the device-motion recordings of this folder (run from anywhere; output is deterministic).

Each recording is made from a planned movement, in the layout of ResearchKit's device-motion recorder as
docs/range-of-motion.md ("Recording files") describes it; attitudes follow "Quaternions and attitude"
(q turns device axes into the reference frame, so gravity in device axes is R(q)^T (0, 0, -1)).
"""
import json, math, os

HERE = os.path.dirname(os.path.abspath(__file__))


def rot(axis, degrees):
    """Unit quaternion (x, y, z, w) rotating by `degrees` about device axis 'x' or 'y'."""
    h = math.radians(degrees) / 2
    s, c = math.sin(h), math.cos(h)
    return {'x': (s, 0.0, 0.0, c), 'y': (0.0, s, 0.0, c)}[axis]


def gravity(q):
    """R(q)^T (0, 0, -1): gravity in device axes, in g."""
    x, y, z, w = q
    # Third row of R(q), negated.
    return (-(2 * (x * z - w * y)), -(2 * (y * z + w * x)), -(1 - 2 * (x * x + y * y)))


def item(i, q, start=700.25, since1970=1732179850.0, with_1970=True):
    g = gravity(q)
    entry = {
        'timestamp': start + i * 0.01,
        'attitude': dict(zip('xyzw', q)),
        'rotationRate': {'x': 0.0, 'y': 0.0, 'z': 0.0},
        'gravity': dict(zip('xyz', g)),
        'userAcceleration': {'x': 0.0, 'y': 0.0, 'z': 0.0},
        'magneticField': {'x': 0, 'y': 0, 'z': 0, 'accuracy': -1},
    }
    if with_1970:
        entry['timestampSince1970'] = since1970 + i * 0.01
    return entry


def sweep(peak, step):
    """0, step, …, peak, …, step, 0 (degrees)."""
    up = [min(k * step, peak) for k in range(0, int(math.ceil(peak / step)) + 1)]
    return up + up[-2::-1]


def write(name, text):
    with open(os.path.join(HERE, name), 'w') as f:
        f.write(text)


# Right knee, phone upright in portrait on the shin (absolute pitch 90°), extending by e: q = rotX(90 − e).
knee = [item(i, rot('x', 90 - e)) for i, e in enumerate(sweep(80, 4))]
write('knee-right-portrait.json', json.dumps({'items': knee}, separators=(',', ':')) + '\n')

# Left knee, phone in landscape with device x pointing up (absolute roll −90°), moving by e: q = rotY(−90 + e).
landscape = [item(i, rot('y', -90 + e)) for i, e in enumerate(sweep(80, 4))]
write('knee-left-landscape-x-up.json', json.dumps({'items': landscape}, separators=(',', ':')) + '\n')

# Right shoulder, portrait on the upper arm, raised 0° → 182° → 0°: past 180° the relative angle wraps.
shoulder = [item(i, rot('x', 90 - e)) for i, e in enumerate(sweep(182, 7))]
write('shoulder-right-portrait.json', json.dumps({'items': shoulder}, separators=(',', ':')) + '\n')

# A phone lying still, face up, rocking by a few hundredths of a degree about x: a bare array (as Synapse
# exports hold), no timestampSince1970, numbers written with an upper-case exponent and with 19 digits.
angles = [0.03 + 0.004 * math.sin(k / 3) for k in range(25)]
still = [item(i, rot('x', a), start=81234.5, with_1970=False) for i, a in enumerate(angles)]


def number(v):
    if v != 0 and abs(v) < 1e-3:
        return '%.16E' % v
    if v == int(v):
        return repr(float(v)) if isinstance(v, float) else str(v)
    return '%.19g' % v


def dump(value):
    if isinstance(value, dict):
        return '{' + ','.join('"%s":%s' % (k, dump(v)) for k, v in value.items()) + '}'
    if isinstance(value, list):
        return '[' + ',\n'.join(dump(v) for v in value) + ']'
    return number(value)


write('still-phone-face-up.json', dump(still) + '\n')
