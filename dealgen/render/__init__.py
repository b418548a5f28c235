"""Diagrams and walkthroughs: one scene vocabulary, two back ends.

    from dealgen.render.registry import DiagramOptions, position_scene
    scene = position_scene("penguin", state, DiagramOptions(mono=True, grade="hard"))

    from dealgen.render.pdf import draw_scene, draw_scene_in, SceneFlowable, make_canvas, write_pdf
    draw_scene_in(canvas, scene, x, y, width, height)       # vectors on any reportlab canvas
    from dealgen.render.png import write_png, png_bytes     # 300 dpi by default, or size=(w, h)

    from dealgen.render.walkthrough import build_walkthrough, walkthrough_pngs
    from dealgen.render.pdf import walkthrough_flowables     # a walkthrough as reportlab flowables

Only ``png.py`` and ``pdf.py`` import Pillow or reportlab; scenes are plain data (points, y down).
A game gets diagrams by adding ``render/<game>.py`` (see ``registry.py``).
"""
