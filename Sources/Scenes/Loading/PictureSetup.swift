import Foundation
import ImageFiles
import LayerKit
import Raster

/// Makes `UIImage(named:)`, `UIImage(contentsOfFile:)` and `UIImage(data:)` work in a scene's code:
/// installs the PNG and JPEG reader as the picture decoders, and searches the scene's own folder first and the bundled
/// `assets/` folder last (after any `$LAYERSCOPE_IMAGE_PATH` folders).
enum PictureSetup {
    static func prepare(sceneFolder: URL?) {
        let library = PictureLibrary.shared
        library.install { url in CGImage(sharing: try ImageFile.read(url)) }
        library.install(dataDecoder: { data in CGImage(sharing: try ImageFile.read(data, name: "image data")) })
        if let assets = AssetLocator.folder { library.search(last: assets) }
        if let sceneFolder { library.search(first: sceneFolder) }
    }
}
