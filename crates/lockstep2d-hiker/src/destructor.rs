//! The destructor, the pipeline's last stage: chunks of mountain wholly behind the
//! border (out of sight) are destroyed; rocks and items behind it were already removed
//! by the world's bounds in the step, and are forgotten here. What is alive is then
//! bounded by the view, however long the game runs.

use crate::game::Game;

/// Runs the stage.
pub fn destroy(game: &mut Game) -> lockstep2d::Result<()> {
    let out_of_sight = game.state.border - game.rules.chunk_margin;
    while let Some(&(index, body)) = game.state.chunks.front() {
        let (_, end) = crate::terrain::chunk_span(index, &game.rules);
        if end >= out_of_sight {
            break;
        }
        game.world.destroy_body(body)?;
        game.state.chunks.pop_front();
    }
    let world = &game.world;
    let live = |body: &lockstep2d::BodyId| world.body_type(*body).is_ok();
    game.state.rocks.retain(live);
    game.state.items.retain(live);
    Ok(())
}
