import Foundation

/// Reads the committed goldens of `Goldens/` (made by `make_goldens.py` with cairo).
enum Goldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Goldens")

    /// One shape of `shapes.txt`.
    struct Shape {
        var name: String
        var width: Int
        var height: Int
        /// "fill nonzero", "fill evenodd" or "stroke WIDTH CAP JOIN".
        var style: [String]
        var commands: [[String]]
    }

    static func shapes() throws -> [Shape] {
        let text = try String(contentsOf: directory.appendingPathComponent("shapes.txt"), encoding: .utf8)
        var shapes: [Shape] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if words[0] == "shape" {
                shapes.append(
                    Shape(
                        name: words[1], width: Int(words[2])!, height: Int(words[3])!, style: Array(words[4...]),
                        commands: []))
            } else if words[0] != "end" {
                shapes[shapes.count - 1].commands.append(words)
            }
        }
        return shapes
    }

    /// A run-length encoded A8 image: header "A8RLE width height\n", then (length − 1, value) pairs.
    static func a8(_ name: String) throws -> (width: Int, height: Int, bytes: [UInt8]) {
        let data = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name + ".a8rle")))
        let headerEnd = data.firstIndex(of: 10)!
        let header = String(decoding: data[..<headerEnd], as: UTF8.self).split(separator: " ")
        let width = Int(header[1])!
        let height = Int(header[2])!
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height)
        var i = headerEnd + 1
        while i + 1 < data.count {
            bytes += repeatElement(data[i + 1], count: Int(data[i]) + 1)
            i += 2
        }
        return (width, height, bytes)
    }

    /// Raw premultiplied BGRA pixels, row by row.
    static func bgra(_ name: String) throws -> [UInt32] {
        let data = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name + ".bgra")))
        return stride(from: 0, to: data.count, by: 4).map { i in
            UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16 | UInt32(data[i + 3]) << 24
        }
    }
}
