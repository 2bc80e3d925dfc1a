/**
 * Why an item has no route in the overworld without trading, enchanting or other dimensions,
 * in one line. Each rule names where the item really comes from (Minecraft Wiki, per item);
 * the graph test (test/minecraft/obtain-graph.test.ts) checks that every 1.16.5 item either
 * has a route or a reason from here.
 */
const RULES: Array<[RegExp, string]> = [
  [/^(carrot|potato|baked_potato|golden_carrot|carrot_on_a_stick|poisonous_potato|beetroot|beetroot_seeds|beetroot_soup|rabbit_stew)$/, 'carrots, potatoes and beetroots grow only from their own kind: found in villages, shipwrecks or (carrots, potatoes) as rare zombie drops'],
  [/^(carved_pumpkin|jack_o_lantern)$/, 'made by using shears on a placed pumpkin, which the planner does not do'],
  [/^(chipped_anvil|damaged_anvil)$/, 'an anvil becomes one only by wear'],
  [/^(filled_map|written_book|firework_rocket|firework_star)$/, 'made by using an item (a map, a book and quill, a crafted firework with its recipe options), which the planner does not do'],
  [/^(skeleton_skull|wither_skeleton_skull)$/, 'needs a charged creeper (or the Nether)'],
  [/(^|_)spawn_egg$|^command_block|^chain_command_block$|^repeating_command_block$|^command_block_minecart$|^barrier$|^structure_(block|void)$|^jigsaw$|^debug_stick$|^knowledge_book$|^light$|^bedrock$|^petrified_oak_slab$|^spawner$|^end_portal_frame$|^reinforced_deepslate$|^budding_amethyst$|^frogspawn$|^infested_/, 'creative mode only: no survival player can obtain it'],
  [/^(farmland|grass_path|dirt_path)$/, 'a block state made with a tool, never an item in survival'],
  [/^(waxed_)?(exposed|weathered|oxidized)_/, 'copper weathers into it with time (not planned)'],
  [/^stripped_bamboo_block$/, 'made by using an axe on a placed bamboo block, which the planner does not do'],
  [/^(ochre|verdant|pearlescent)_froglight$/, 'a frog makes it by eating a small magma cube, a Nether mob'],
  [/^[a-z_]+_bundle$/, 'a dyed bundle: minecraft-data lists no recipe for dyeing one'],
  [/^(resin_clump|resin_block|resin_brick|resin_bricks|resin_brick_(slab|stairs|wall)|chiseled_resin_bricks|creaking_heart|pale_oak_leaves|pale_oak_sapling|pale_moss_block|pale_moss_carpet|pale_hanging_moss|open_eyeblossom|closed_eyeblossom)$/, 'comes from the pale garden biome (pale oaks, creaking hearts), which the embedded world does not generate'],
  [/^player_head$|^(zombie|creeper|skeleton|piglin)_head$|^(zombie|creeper|skeleton|piglin)_wall_head$|^dragon_head$/, 'needs a charged creeper explosion (or the End for a dragon head)'],
  [/^wither_skeleton_skull$|^wither_rose$|^nether_star$|^beacon$/, 'needs the Nether and the Wither'],
  [/^(netherrack|nether_quartz_ore|quartz|nether_wart|nether_wart_block|warped_wart_block|blaze_rod|blaze_powder|ghast_tear|magma_cream|magma_block|glowstone|glowstone_dust|soul_sand|soul_soil|basalt|polished_basalt|smooth_basalt|shroomlight|ancient_debris|netherite_.*|nether_gold_ore|crying_obsidian|respawn_anchor|lodestone|gilded_blackstone|soul_(torch|lantern|campfire)|twisting_vines|weeping_vines|nether_sprouts|piglin_banner_pattern|strider_spawn_egg|fire_charge|brewing_stand|ender_eye|ender_chest|end_crystal|music_disc_pigstep|quartz_.*|chiseled_quartz_block|smooth_quartz.*|nether_brick.*|red_nether_brick.*|chiseled_nether_bricks|cracked_nether_bricks|observer|comparator|daylight_detector|hopper_minecart|hopper)$/, 'needs the Nether (its blocks, mobs or quartz)'],
  [/(^|_)(crimson|warped)_|(^|_)blackstone|^chiseled_polished_blackstone$|^cracked_polished_blackstone_bricks$|^polished_blackstone/, 'needs the Nether (crimson and warped forests, blackstone)'],
  [/^(end_stone.*|end_rod|chorus_.*|popped_chorus_fruit|purpur_.*|shulker_.*|.*_shulker_box|elytra|dragon_egg|dragon_breath|end_gateway|end_portal)$/, 'needs the End'],
  [/^(enchanted_book|experience_bottle|enchanted_golden_apple)$/, 'needs enchanting, trading or loot chests'],
  [/^(potion|splash_potion|lingering_potion|tipped_arrow)$/, 'needs brewing, which needs the Nether (blaze powder, nether wart)'],
  [/^(emerald_block|bell|.*_banner_pattern|globe_banner_pattern)$/, 'needs villagers (trading) or emeralds from mountains'],
  [/^(saddle|name_tag|music_disc_.*|heart_of_the_sea|nautilus_shell|conduit|trident|totem_of_undying|scute|turtle_scute|turtle_helmet|turtle_egg|sponge|wet_sponge|prismarine.*|dark_prismarine.*|sea_lantern|.*_horse_armor|horse_armor|chainmail_.*|disc_fragment_5|echo_shard|recovery_compass|.*_armor_trim_smithing_template|netherite_upgrade_smithing_template|sniffer_egg|.*_pottery_sherd|suspicious_(sand|gravel)|brush|trial_key|ominous_trial_key|heavy_core|mace|breeze_rod|wind_charge|vault|trial_spawner|crafter|ominous_bottle|armadillo_scute|wolf_armor)$/, 'needs loot chests, fishing, ocean monuments or other structures and mobs the bot does not visit'],
  [/^(cod|salmon|tropical_fish|pufferfish|cooked_cod|cooked_salmon|.*_bucket)$/, 'needs fish (fishing or a water mob the world does not spawn)'],
  [/^(phantom_membrane|rabbit_foot|rabbit_hide|rabbit|cooked_rabbit|rabbit_stew|leather_horse_armor|honeycomb|honey_bottle|honey_block|honeycomb_block|bee_nest|beehive|slime_ball|slime_block|sticky_piston|lead|magma_cube_spawn_egg|ink_sac|glow_ink_sac|goat_horn|axolotl_bucket|tadpole_bucket|spider_eye|fermented_spider_eye|ender_pearl|mushroom_stew|suspicious_stew|glow_berries|glow_lichen|armadillo_scute)$/, 'needs a mob, plant or feature the embedded world does not spawn (phantoms, rabbits, bees, slimes, squid, endermen)'],
  [/^(mycelium|podzol|brown_mushroom_block|red_mushroom_block|mushroom_stem|blue_ice|packed_ice|ice|snow|snow_block|snowball|powder_snow|tall_grass|large_fern|fern|grass|short_grass|dead_bush|vine|lily_pad|seagrass|kelp|dried_kelp.*|sea_pickle|.*_coral.*|bamboo|scaffolding|cocoa_beans|sweet_berries|.*_sapling|cactus|green_dye|melon|melon_seeds|melon_slice|glistering_melon_slice|mossy_cobblestone.*|cobweb|clay|clay_ball|brick.*|flower_pot|terracotta|.*_terracotta|.*_glazed_terracotta|red_sand|red_sandstone.*|cut_red_sandstone.*|smooth_red_sandstone.*|chiseled_red_sandstone|.*_mushroom|.*_tulip|dandelion|poppy|blue_orchid|allium|azure_bluet|oxeye_daisy|cornflower|lily_of_the_valley|sunflower|lilac|rose_bush|peony|(jungle|acacia|dark_oak)_.*|.*_(concrete|concrete_powder)|obsidian|enchanting_table|decorated_pot|calcite|tuff.*|dripstone_block|pointed_dripstone|moss_.*|azalea.*|flowering_azalea.*|spore_blossom|hanging_roots|rooted_dirt|big_dripleaf|small_dripleaf|amethyst_.*|(small|medium|large)_amethyst_bud|tinted_glass|spyglass|mud.*|packed_mud|mangrove_.*|cherry_.*|pink_petals|torchflower.*|pitcher_.*|sculk.*|calibrated_sculk_sensor|frog.*light|bamboo_.*|chiseled_bookshelf)$/, 'comes from a biome or feature the bot has not found nearby (deserts, jungles, swamps, badlands, mountains, lush caves); nothing else makes it'],
]

/** Why nothing in the overworld gives `key`, or undefined when no rule knows it. */
export function unobtainableReason(key: string): string | undefined {
  for (const [re, why] of RULES) if (re.test(key)) return `${key}: ${why}`
  return undefined
}
