// A standing figure below a head, in head units (origin at the head's centre, half-height 1):
// torso, arms, hips and legs in the outfit's colours. About 6.5 heads tall, feet near y = 11.3.
import { mix } from '../../media/art/palette.ts';
import type { Neckline } from './face-params.ts';
import { neckline } from './face-draw.ts';
import { f, path } from './shapes.ts';

export interface BodySpec {
  male: boolean;
  skin: { light: string; shadow: string };
  top: string;
  bottom: string;
  /** A dress (to the knee) instead of a top and trousers. */
  dress: boolean;
  neckline: Neckline;
  /** Draw a neck too (when the head comes from a pasted picture, not our drawing). */
  neck: boolean;
  /** One arm raised toward the camera (the selfie pose). */
  selfieArm: boolean;
  /** Ids prefix of the head's gradients (`-neck`, `-shade`). */
  id: string;
}

/** Proportions the drawing and the garment regions share. */
export function bodyFrame(male: boolean) {
  return { shoulder: male ? 1.75 : 1.45, waist: male ? 1.25 : 0.95, hip: male ? 1.3 : 1.45, neckW: male ? 0.37 : 0.3, shoulderY: 1.72, waistY: 3.9, hipY: 4.8, kneeY: 8.2, ankleY: 11.0 };
}

const limb = (d: string, color: string, width: number): string => path(d, `stroke="${color}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round" fill="none"`);

export function body(s: BodySpec): string {
  const b = bodyFrame(s.male);
  const { shoulder: S, waist: W, hip: H, neckW: nw } = b;
  const skin = mix(s.skin.light, s.skin.shadow, 0.35);
  const shadeTop = mix(s.top, '#07050c', 0.35);
  const torso =
    `M${f(-nw * 1.15)},1.4 C-0.8,1.5 ${f(-(S - 0.3))},1.5 ${f(-(S - 0.05))},1.75 C${f(-S - 0.05)},2.1 ${f(-(W + 0.35))},3.0 ${f(-W)},3.9 ` +
    `C${f(-(W + 0.1))},4.3 ${f(-H)},4.6 ${f(-H)},5.0 L${f(-H * 0.95)},5.6 L${f(H * 0.95)},5.6 L${f(H)},5.0 C${f(H)},4.6 ${f(W + 0.1)},4.3 ${f(W)},3.9 ` +
    `C${f(W + 0.35)},3.0 ${f(S + 0.05)},2.1 ${f(S - 0.05)},1.75 C${f(S - 0.3)},1.5 0.8,1.5 ${f(nw * 1.15)},1.4Z`;
  const parts: string[] = [];
  if (s.neck) parts.push(path(`M${f(-nw)},0.6 L${f(-nw * 1.2)},1.7 L${f(nw * 1.2)},1.7 L${f(nw)},0.6Z`, `fill="url(#${s.id}-neck)"`));
  // Legs first (behind the hips), then arms behind the torso's edge.
  const legs = [-1, 1].map((k) => `M${f(k * 0.55)},5.2 L${f(k * 0.62)},${f(b.kneeY)} L${f(k * 0.56)},${f(b.ankleY)}`);
  if (s.dress) {
    for (const d of legs) parts.push(limb(d, skin, 0.44));
  } else {
    for (const d of legs) parts.push(limb(d, s.bottom, 0.66));
  }
  for (const k of [-1, 1]) parts.push(`<ellipse cx="${f(k * 0.66)}" cy="${f(b.ankleY + 0.22)}" rx="0.34" ry="0.15" fill="#17141c"/>`);
  for (const k of [-1, 1]) {
    const raised = s.selfieArm && k === 1;
    const elbow = raised ? [S + 0.7, 3.6] : [k * (S + 0.02), 3.85];
    const wrist = raised ? [S + 1.3, 5.6] : [k * (H + 0.35), 5.55];
    parts.push(limb(`M${f(k * (S - 0.2))},1.95 L${f(elbow[0] as number)},${f(elbow[1] as number)}`, shadeTop, 0.5));
    parts.push(limb(`M${f(elbow[0] as number)},${f(elbow[1] as number)} L${f(wrist[0] as number)},${f(wrist[1] as number)}`, s.male ? shadeTop : skin, 0.36));
    parts.push(`<ellipse cx="${f(wrist[0] as number)}" cy="${f((wrist[1] as number) + 0.25)}" rx="0.2" ry="0.3" fill="${skin}"/>`);
  }
  parts.push(path(torso, `fill="${s.top}"`));
  if (s.dress) {
    parts.push(path(`M${f(-W)},3.9 L${f(W)},3.9 C${f(W + 0.3)},5 ${f(H + 0.4)},6.5 ${f(H + 0.55)},${f(b.kneeY - 0.2)} Q0,${f(b.kneeY + 0.1)} ${f(-(H + 0.55))},${f(b.kneeY - 0.2)} C${f(-(H + 0.4))},6.5 ${f(-(W + 0.3))},5 ${f(-W)},3.9Z`, `fill="${s.top}"`));
  } else {
    parts.push(path(`M${f(-H + 0.06)},4.55 L${f(H - 0.06)},4.55 L${f(H)},5.0 L${f(H * 0.95)},5.6 L${f(-H * 0.95)},5.6 L${f(-H)},5.0Z`, `fill="${s.bottom}"`));
    parts.push(path(`M${f(-H + 0.06)},4.6 L${f(H - 0.06)},4.6`, `stroke="${mix(s.bottom, '#000000', 0.4)}" stroke-width="0.08"`));
  }
  parts.push(path(torso, `fill="url(#${s.id}-shade)"`));
  parts.push(neckline(s.neckline, nw, s.top, s.id));
  return parts.join('');
}
