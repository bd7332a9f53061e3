print("layerscope")
