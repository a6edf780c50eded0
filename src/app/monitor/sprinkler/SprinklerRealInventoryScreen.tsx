// sprinkler_real_inventory: the live water levels of the sprinklers — the liquid-level view over the
// sprinklers only (sprinkler-trucks.ts says how a sprinkler is told apart).
import { LiquidLevelView } from '../liquid-level/LiquidLevelScreen';
import { isSprinkler } from './sprinkler-trucks';

const PATH = '/monitor/sprinkler_real_inventory';

export default function SprinklerRealInventoryScreen() {
  return <LiquidLevelView path={PATH} offers={isSprinkler} summaryKey="sprinkler.summary" loadedOnlyKey="sprinkler.withWater" />;
}
